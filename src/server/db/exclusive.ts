import pg from 'pg';

/**
 * Work that must run in one process at a time across every instance on the database: migrations
 * and seeding at start (`wait`), and each run of the interval jobs (`skip`: when another instance
 * is at it, this one leaves the run to it). On PostgreSQL a session advisory lock held on one
 * pooled connection for the duration; PostgreSQL releases it by itself when that connection ends,
 * so an instance killed while holding it blocks nobody. On PGlite (one process) an in-process lock.
 */
export type Exclusive = <T>(
  name: string,
  mode: 'wait' | 'skip',
  work: () => Promise<T>,
) => Promise<{ ran: true; value: T } | { ran: false }>;

/** Names are hashed into PostgreSQL's one advisory key space; the prefix keeps them apart from other keys of this app. */
const lockKey = (name: string) => `insure-h5:${name}`;

export function postgresExclusive(pool: pg.Pool): Exclusive {
  return async (name, mode, work) => {
    const client = await pool.connect();
    // A connection whose lock or unlock call failed may still hold the lock: it is closed, not pooled again.
    let broken: Error | undefined;
    const call = async (text: string) => {
      try {
        const { rows } = await client.query<{ locked: boolean | null }>(text, [lockKey(name)]);
        return rows[0]?.locked;
      } catch (error) {
        broken = error as Error;
        throw error;
      }
    };
    try {
      if (mode === 'wait') await call('SELECT pg_advisory_lock(hashtext($1))');
      else if (!(await call('SELECT pg_try_advisory_lock(hashtext($1)) AS locked'))) return { ran: false };
      try {
        return { ran: true, value: await work() };
      } finally {
        await call('SELECT pg_advisory_unlock(hashtext($1)) AS locked').catch(() => {});
      }
    } finally {
      client.release(broken);
    }
  };
}

export function localExclusive(): Exclusive {
  const held = new Map<string, Promise<unknown>>();
  return async (name, mode, work) => {
    if (mode === 'skip' && held.has(name)) return { ran: false };
    while (held.has(name)) await held.get(name)!.catch(() => {});
    const running = work();
    held.set(name, running);
    try {
      return { ran: true, value: await running };
    } finally {
      held.delete(name);
    }
  };
}
