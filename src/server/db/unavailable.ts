/**
 * Database trouble a caller can do nothing about but wait (docs/decisions/database-trouble.md):
 * the server is gone or refusing, a connection dropped, a statement or lock wait ran out of time,
 * or the pool had no connection to give. Answered 503 C0300 with `Retry-After`, never as a bug.
 */
export type DatabaseTrouble = 'unreachable' | 'dropped' | 'shutting-down' | 'timeout' | 'locked' | 'busy';

/** Node's socket errors: the server is not there, or went away mid-conversation. */
const SOCKET_ERRORS: Record<string, DatabaseTrouble> = {
  ECONNREFUSED: 'unreachable',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  ENOTFOUND: 'unreachable',
  EAI_AGAIN: 'unreachable',
  ETIMEDOUT: 'unreachable',
  ECONNRESET: 'dropped',
  EPIPE: 'dropped',
};

/** PostgreSQL's SQLSTATEs of the same kinds (class 08 is matched by its prefix below). */
const SQLSTATES: Record<string, DatabaseTrouble> = {
  '57P01': 'shutting-down', // admin_shutdown
  '57P02': 'shutting-down', // crash_shutdown
  '57P03': 'shutting-down', // cannot_connect_now (starting up or shutting down)
  '53300': 'busy', // too_many_connections
  '55P03': 'locked', // lock_not_available (lock_timeout)
  '57014': 'timeout', // query_canceled (statement_timeout)
};

/** pg's and pg-pool's own errors carry no code, only these messages. */
const DRIVER_MESSAGES: [RegExp, DatabaseTrouble][] = [
  [/^timeout exceeded when trying to connect/, 'busy'],
  [/^Connection terminated/, 'dropped'],
  [/^Client has encountered a connection error and is not queryable/, 'dropped'],
  [/^Client was closed and is not queryable/, 'dropped'],
];

/** The code of the pool's refusal when its queue is full (db/client.ts). */
export const POOL_QUEUE_FULL = 'INSURE_POOL_QUEUE_FULL';

function troubleOf(e: { code?: unknown; message?: unknown }): DatabaseTrouble | null {
  const code = typeof e.code === 'string' ? e.code : '';
  if (code === POOL_QUEUE_FULL) return 'busy';
  if (SOCKET_ERRORS[code]) return SOCKET_ERRORS[code];
  if (SQLSTATES[code]) return SQLSTATES[code];
  if (/^08[0-9A-Z]{3}$/.test(code)) return 'dropped';
  const message = typeof e.message === 'string' ? e.message : '';
  return DRIVER_MESSAGES.find(([pattern]) => pattern.test(message))?.[1] ?? null;
}

/**
 * What kind of database trouble an error is, or null for anything else (a bug, a constraint).
 * Drizzle wraps the driver's error, sometimes twice; a connection attempt may fail with several
 * addresses at once (an AggregateError).
 */
export function databaseTrouble(error: unknown): DatabaseTrouble | null {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth += 1) {
    const found = troubleOf(e as { code?: unknown; message?: unknown });
    if (found) return found;
    const inner = (e as { errors?: unknown[] }).errors;
    if (Array.isArray(inner) && inner.length) return databaseTrouble(inner[0]);
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
