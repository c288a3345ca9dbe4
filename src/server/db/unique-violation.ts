/**
 * PostgreSQL's unique_violation, of the named constraint when one is given, whether the driver's
 * error comes bare or wrapped (Drizzle wraps it, sometimes twice).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth += 1) {
    const o = e as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (
      o.code === '23505' &&
      (constraint === undefined || o.constraint === constraint || o.message?.includes(constraint))
    )
      return true;
    e = o.cause;
  }
  return false;
}
