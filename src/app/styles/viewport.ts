import { PX_TO_REM_ROOT } from '#shared/constants.ts';

/** Designs are drawn 375 px wide; wider screens get a centred column of at most 540 px (docs/decisions/screen-scaling.md). */
export const DESIGN_WIDTH = 375;
export const MAX_COLUMN_WIDTH = 540;

/** `192px × min(viewport width, 540) / 375`: one design px is one CSS px on a 375 px phone. */
export function rootFontSize(viewportWidth: number): number {
  return (PX_TO_REM_ROOT * Math.min(viewportWidth, MAX_COLUMN_WIDTH)) / DESIGN_WIDTH;
}

/**
 * The smallest size of text a screen is read by, in design px (the tiles' labels, hints under
 * fields): 长辈版 draws it at ELDER_MAIN_TEXT_PX or more.
 */
const MAIN_TEXT_DESIGN_PX = 12;
const ELDER_MAIN_TEXT_PX = 18;
const ELDER_MIN_SCALE = 1.4;

/**
 * 长辈版's text scale on this screen (styles/elder.css): at least ELDER_MIN_SCALE, and enough for the
 * main text to reach 18 CSS px on a narrow phone, whose design px are smaller.
 */
export function elderTextScale(viewportWidth: number): number {
  const designPx = rootFontSize(viewportWidth) / PX_TO_REM_ROOT;
  return Math.max(ELDER_MIN_SCALE, ELDER_MAIN_TEXT_PX / (MAIN_TEXT_DESIGN_PX * designPx));
}

function apply(): void {
  const width = document.documentElement.clientWidth || window.innerWidth;
  document.documentElement.style.fontSize = `${rootFontSize(width)}px`;
  document.documentElement.style.setProperty('--app-elder-scale', elderTextScale(width).toFixed(3));
}

/** Sets the root font size now and whenever the viewport changes (rotation, desktop resize). */
export function installRootFontSize(): void {
  apply();
  window.addEventListener('resize', apply);
  window.addEventListener('orientationchange', apply);
  // WeChat restores pages from its cache without a resize.
  window.addEventListener('pageshow', (event) => event.persisted && apply());
}
