import { isWeChat } from '../wechat/env.ts';
import { apiClient } from './client.ts';

/**
 * Files from the API (Excel lists, PDFs) need the Bearer header, so a plain link cannot fetch them.
 * Outside WeChat the file is fetched and saved through a blob link. The Android WeChat webview
 * saves nothing that way (docs/domain.md#wechat-webview): there the caller shows how to open the page in the
 * browser, and this answers 'wechat' without downloading.
 */
export type DownloadOutcome = 'saved' | 'wechat';

/** `filename*=UTF-8''…` first (Chinese names), then `filename="…"`. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

/** The file's bytes and the server's name for it, fetched with the session (to show it in the page). */
export async function fetchFile(path: string, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  const response = await apiClient.get(path);
  return {
    blob: await response.blob(),
    filename: filenameFrom(response.headers.get('content-disposition'), fallbackName),
  };
}

export async function downloadFile(path: string, fallbackName: string): Promise<DownloadOutcome> {
  if (isWeChat()) return 'wechat';
  const { blob, filename } = await fetchFile(path, fallbackName);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return 'saved';
}
