/** A fetch stand-in for ky: answers by a handler and records every request it was given. */
export interface FakeCall {
  method: string;
  url: string;
  authorization: string | null;
  request: Request;
}

export type Handler = (request: Request, call: FakeCall) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

export function envelope(data: unknown, code = '00000', msg = '一切ok', status = 200): Response {
  return json({ code, msg, data }, status);
}

export function fakeFetch(handler: Handler) {
  const calls: FakeCall[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const call = {
      method: request.method,
      url: new URL(request.url).pathname,
      authorization: request.headers.get('Authorization'),
      request,
    };
    calls.push(call);
    return handler(request, call);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

/** Removes every cookie of the jsdom document. */
export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}
