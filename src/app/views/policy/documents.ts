import { downloadFile, fetchFile } from '../../api/download.ts';
import { isWeChat } from '../../wechat/env.ts';

/**
 * Policy documents (电子保单, 保险凭证) are PDFs behind the session. A phone browser saves them
 * under the server's file name. WeChat's in-app browser saves nothing (docs/domain.md#wechat-webview), so there the
 * PDF is fetched and shown inside the page, with the way to open the page in the browser.
 */
export type DocumentChoice = 'download' | 'view';

export function documentChoice(ua: string): DocumentChoice {
  return isWeChat(ua) ? 'view' : 'download';
}

export type DocumentOutcome = { kind: 'saved' } | { kind: 'view'; url: string; filename: string };

async function inPage(path: string, fallbackName: string): Promise<DocumentOutcome> {
  const { blob, filename } = await fetchFile(path, fallbackName);
  // Typed, so the webview's viewer knows what it shows whatever the answer's headers said.
  return { kind: 'view', url: URL.createObjectURL(new Blob([blob], { type: 'application/pdf' })), filename };
}

/** Saves the document, or (inside WeChat) answers a blob URL to show; the caller revokes it. */
export async function openDocument(
  path: string,
  fallbackName: string,
  ua = navigator.userAgent,
): Promise<DocumentOutcome> {
  if (documentChoice(ua) === 'view') return inPage(path, fallbackName);
  return (await downloadFile(path, fallbackName)) === 'saved' ? { kind: 'saved' } : inPage(path, fallbackName);
}
