/** A failed call: the envelope's code and message (or the fallback), the HTTP status if any, and the envelope's data. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  /** What the failure's envelope carries besides (field issues, a sign-in's `triesLeft`). */
  readonly data: unknown;

  constructor(code: string, message: string, status = 0, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.data = data;
  }
}
