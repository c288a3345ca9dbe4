import { WechatError } from './wechat-error.ts';

const TIMEOUT_MS = 8000;

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * `GET {base}/{path}?{params}` and its JSON answer. WeChat answers errors with HTTP 200 and
 * `{errcode, errmsg}` (often as text/plain), so the body decides, not the status.
 */
export async function wechatGet<T>(fetchFn: FetchLike, base: string, path: string, params: Record<string, string>): Promise<T> {
  return wechatCall<T>(fetchFn, base, path, params, { headers: { accept: 'application/json' } });
}

/** `POST {base}/{path}?{params}` with a JSON body (the message APIs); answered like wechatGet. */
export async function wechatPost<T>(fetchFn: FetchLike, base: string, path: string, params: Record<string, string>, body: unknown): Promise<T> {
  return wechatCall<T>(fetchFn, base, path, params, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
  });
}

async function wechatCall<T>(fetchFn: FetchLike, base: string, path: string, params: Record<string, string>, init: RequestInit): Promise<T> {
  const url = `${base.replace(/\/+$/, '')}/${path}?${new URLSearchParams(params).toString()}`;
  let text: string;
  try {
    const res = await fetchFn(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    text = await res.text();
    if (!res.ok) throw new WechatError(path, null, `HTTP ${res.status}`);
  } catch (error) {
    if (error instanceof WechatError) throw error;
    throw new WechatError(path, null, error instanceof Error ? `${error.name}: ${error.message}` : 'network error');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new WechatError(path, null, 'answer is not JSON');
  }
  if (!body || typeof body !== 'object') throw new WechatError(path, null, 'answer is not an object');
  const { errcode, errmsg } = body as { errcode?: unknown; errmsg?: unknown };
  if (typeof errcode === 'number' && errcode !== 0) throw new WechatError(path, errcode, typeof errmsg === 'string' ? errmsg : '');
  return body as T;
}

/** A required string field of an answer; its absence is WeChat's fault (C0110). */
export function requireString(api: string, body: Record<string, unknown>, key: string): string {
  const value = body[key];
  if (typeof value !== 'string' || !value) throw new WechatError(api, null, `answer lacks ${key}`);
  return value;
}

export function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  return typeof value === 'string' && value ? value : undefined;
}
