/** Small HTTP helpers the benchmark scripts share. */

/** Resolves once `url` answers below 500; throws after `timeoutMs`. */
export async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** The envelope's data of a successful answer; throws with code and message otherwise. */
export async function json<T>(res: Response): Promise<T> {
  const body = (await res.json()) as { code: string; msg: string; data: T };
  if (body.code !== '00000') throw new Error(`${res.url}: ${body.code} ${body.msg}`);
  return body.data;
}
