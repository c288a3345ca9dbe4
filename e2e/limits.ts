/**
 * Every limit of the stories (test, expect, navigation, the server's start and the explicit waits)
 * is a default times one factor, E2E_SLOW (default 1): a busy or slow machine runs the suite with
 * e.g. `E2E_SLOW=3` instead of failing stories that wait past a limit. Limits, not expectations:
 * nothing asserts that something happened quickly.
 */
export const E2E_SLOW = slowFactor(process.env.E2E_SLOW);

/** `ms` scaled by E2E_SLOW. */
export function limit(ms: number): number {
  return Math.round(ms * E2E_SLOW);
}

function slowFactor(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const factor = Number(value);
  if (!Number.isFinite(factor) || factor < 1)
    throw new Error(`E2E_SLOW must be a number of at least 1, not "${value}"`);
  return factor;
}
