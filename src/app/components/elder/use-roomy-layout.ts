import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { browserTextScale } from './browser-text-scale.ts';
import { elderModeAtom } from './elder-mode.ts';

/** From this browser text scale on, rows of several side-by-side texts no longer fit a phone. */
const ROOMY_TEXT_SCALE = 1.25;

/**
 * Whether a view should lay out for large text: 长辈版, or the reader's own large text (WeChat's
 * font setting, the phone's). Rows of side-by-side choices then take one per row, the step bar
 * becomes one line saying which step of how many (docs/accessibility.md#elder-mode).
 */
export function useRoomyLayout(): boolean {
  const elder = useAtomValue(elderModeAtom);
  const [largeText] = useState(() => browserTextScale() >= ROOMY_TEXT_SCALE);
  return elder || largeText;
}
