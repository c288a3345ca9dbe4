import http from 'node:http';
import https from 'node:https';
import { WechatError } from './wechat-error.ts';

const TIMEOUT_MS = 8000;
/** WeChat's answers are a few hundred bytes; anything far larger is not an answer. */
const MAX_ANSWER_BYTES = 1024 * 1024;

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** One HTTP exchange as the adapter needs it: the status and the body as text. */
export type HttpCall = (
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
) => Promise<{ status: number; text: string }>;

/** Connections to WeChat (or the simulator) kept open between calls, one pool per scheme. */
const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/**
 * The adapter's HTTP client: node:http(s) with keep-alive agents. A WeChat sign-in waits on this
 * call, and WHATWG `fetch` (undici) cost about a third of a returning user's sign-in on the
 * server's CPU (request and response objects, streams, an AbortSignal per call); this is the plain
 * request. 8 s for the whole exchange; errors reject (the caller makes them WechatErrors).
 */
export const nodeHttpCall: HttpCall = (url, init) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    const request = (secure ? https : http).request(
      target,
      { method: init.method, headers: init.headers, agent: secure ? agents.https : agents.http },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) request.destroy(new Error('answer too large'));
          else chunks.push(chunk);
        });
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
        response.on('error', fail);
      },
    );
    const timer = setTimeout(
      () => request.destroy(Object.assign(new Error(`no answer within ${TIMEOUT_MS} ms`), { name: 'TimeoutError' })),
      TIMEOUT_MS,
    );
    request.on('error', fail);
    request.end(init.body);
  });

/** The same exchange through a WHATWG fetch (tests give one to stand for WeChat misbehaving). */
export function fetchCall(fetchFn: FetchLike): HttpCall {
  return async (url, init) => {
    const res = await fetchFn(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { status: res.status, text: await res.text() };
  };
}

/**
 * `GET {base}/{path}?{params}` and its JSON answer. WeChat answers errors with HTTP 200 and
 * `{errcode, errmsg}` (often as text/plain), so the body decides, not the status.
 */
export async function wechatGet<T>(
  call: HttpCall,
  base: string,
  path: string,
  params: Record<string, string>,
): Promise<T> {
  return wechatCall<T>(call, base, path, params, { method: 'GET', headers: { accept: 'application/json' } });
}

/** `POST {base}/{path}?{params}` with a JSON body (the message APIs); answered like wechatGet. */
export async function wechatPost<T>(
  call: HttpCall,
  base: string,
  path: string,
  params: Record<string, string>,
  body: unknown,
): Promise<T> {
  return wechatCall<T>(call, base, path, params, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
  });
}

async function wechatCall<T>(
  call: HttpCall,
  base: string,
  path: string,
  params: Record<string, string>,
  init: Parameters<HttpCall>[1],
): Promise<T> {
  const url = `${base.replace(/\/+$/, '')}/${path}?${new URLSearchParams(params).toString()}`;
  let text: string;
  try {
    const res = await call(url, init);
    text = res.text;
    if (res.status < 200 || res.status > 299) throw new WechatError(path, null, `HTTP ${res.status}`);
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
  if (typeof errcode === 'number' && errcode !== 0)
    throw new WechatError(path, errcode, typeof errmsg === 'string' ? errmsg : '');
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
