import { showErrorToast, showSuccessToast } from '../shell/toast.ts';
import { languageAtom, translate } from '../../i18n/index.ts';
import { store } from '../../store.ts';

function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  area.setSelectionRange(0, text.length);
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * Copies text and shows 复制成功 (spec §8). Older WeChat webviews lack the async clipboard API,
 * so a hidden textarea is the fallback. Resolves to whether the copy worked.
 */
export async function copyText(text: string): Promise<boolean> {
  let copied = false;
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      copied = true;
    }
  } catch {
    copied = false;
  }
  copied ||= copyWithSelection(text);
  const language = store.get(languageAtom);
  if (copied) showSuccessToast(translate(language, 'copy.success'));
  else showErrorToast(translate(language, 'copy.failed'));
  return copied;
}
