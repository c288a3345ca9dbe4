import type { TestContext } from './helper.ts';
import type { Caller } from './sign-in.ts';

/**
 * HTTP calls of the server tests. The base is written out rather than imported: the tests call the
 * paths the H5 calls, so a moved route fails them.
 */
export const V1 = '/prod-api/app-api/v1';

/** An answer: the HTTP status and the envelope's code, message and data. */
export interface Answer<T = unknown> {
  status: number;
  code: string;
  msg: string;
  data: T;
}

/** A caller of the JSON API: paths without a leading slash are below V1. */
export function api(ctx: TestContext) {
  return async function call<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    who: Caller | null,
    body?: unknown,
  ): Promise<Answer<T>> {
    const res = await ctx.app.inject({
      method,
      url: path.startsWith('/') ? path : `${V1}/${path}`,
      headers: who?.headers ?? {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const json = res.headers['content-type']?.toString().includes('json')
      ? res.json()
      : { code: '', msg: '', data: res.rawPayload };
    return { status: res.statusCode, code: json.code, msg: json.msg, data: json.data };
  };
}

/** A GET of a binary route: status, headers and the bytes. */
export async function download(ctx: TestContext, path: string, who: Caller | null) {
  const res = await ctx.app.inject({ method: 'GET', url: path, headers: who?.headers ?? {} });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload, json: () => res.json() };
}

/** The same caller reading in `language`: `Accept-Language` on every call (docs/decisions/request-language.md). */
export function readingIn(who: Caller, language: string): Caller {
  return { ...who, headers: { ...who.headers, 'accept-language': language } as Caller['headers'] };
}
