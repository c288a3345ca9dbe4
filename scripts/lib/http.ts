/** Small HTTP helpers the benchmark scripts share. */

/** Resolves once `url` answers below 500 (or exactly `status`); throws after `timeoutMs`. */
export async function waitFor(url: string, timeoutMs = 60_000, status?: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const answered = (await fetch(url)).status;
      if (status === undefined ? answered < 500 : answered === status) return;
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
