import type { DatabaseTrouble } from './unavailable.ts';

/**
 * An outage ends once this long passes without another failure: longer than nginx rests an
 * instance (deploy/nginx, 10 s), when it sees no requests at all.
 */
const OUTAGE_QUIET_MS = 15_000;

interface Logger {
  warn(detail: object, message: string): void;
}

/**
 * Logs database trouble once per outage instead of once per failed request
 * (docs/decisions/database-trouble.md): a line when the first failure comes, and one when
 * OUTAGE_QUIET_MS pass without another, with how many requests and job runs it failed and of
 * which kinds. Its state is bounded: a start time, one counter per kind of trouble and one timer.
 */
export class OutageLog {
  #startedAt: number | null = null;
  #lastAt = 0;
  #counts = new Map<DatabaseTrouble, number>();
  #timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly log: Logger,
    private readonly quietMs = OUTAGE_QUIET_MS,
  ) {}

  /** Whether an outage is open now (the failures of it not yet followed by a quiet spell). */
  get open(): boolean {
    return this.#startedAt !== null;
  }

  /** Counts one failure; the first of an outage is logged with its cause. */
  failed(kind: DatabaseTrouble, cause: unknown): void {
    const now = Date.now();
    this.#lastAt = now;
    this.#counts.set(kind, (this.#counts.get(kind) ?? 0) + 1);
    if (this.#startedAt !== null) return;
    this.#startedAt = now;
    const { code, message } = (cause ?? {}) as { code?: unknown; message?: unknown };
    this.log.warn({ trouble: kind, cause: { code, message } }, 'database trouble began');
    this.#schedule(this.quietMs);
  }

  /** Ends an open outage now, with its line (the app closing). */
  close(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#startedAt !== null) this.#end(Date.now());
  }

  #schedule(ms: number): void {
    this.#timer = setTimeout(() => {
      this.#timer = null;
      const quiet = Date.now() - this.#lastAt;
      if (quiet >= this.quietMs) this.#end(this.#lastAt);
      else this.#schedule(this.quietMs - quiet);
    }, ms);
    this.#timer.unref();
  }

  #end(lastAt: number): void {
    const failed = [...this.#counts.values()].reduce((sum, n) => sum + n, 0);
    const seconds = Math.round((lastAt - this.#startedAt!) / 100) / 10;
    this.log.warn({ failed, byKind: Object.fromEntries(this.#counts), seconds }, 'database trouble ended');
    this.#startedAt = null;
    this.#counts.clear();
  }
}
