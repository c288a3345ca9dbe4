/**
 * `work`, or a rejection with "no answer within N ms" once that time has passed (the work itself
 * is not stopped): for checks that must answer in time, such as readiness and a metrics scrape.
 */
export function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
