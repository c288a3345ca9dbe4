/**
 * The H5's build-time settings, Vite's `VITE_` keys: read and checked here, and nowhere else. A
 * value that does not fit fails with the key's name instead of showing a broken number.
 */

/** The demo line of the embedded set-up, when VITE_SERVICE_HOTLINE is not set. */
const DEMO_HOTLINE = '400-000-0000';
/** Digits in groups joined by '-', a leading '+' allowed: a tel: link dials it once the '-' go. */
const HOTLINE_PATTERN = /^\+?\d{1,6}(-\d{1,8}){0,4}$/;

export interface ClientEnv {
  /** The customer-service line shown and dialled by the hotline row. */
  serviceHotline: string;
}

export function readClientEnv(env: { VITE_SERVICE_HOTLINE?: string }): ClientEnv {
  const hotline = env.VITE_SERVICE_HOTLINE?.trim() || DEMO_HOTLINE;
  if (!HOTLINE_PATTERN.test(hotline)) {
    throw new Error(
      `VITE_SERVICE_HOTLINE "${hotline}" is not a phone number: digits in groups joined by '-', e.g. 400-000-0000`,
    );
  }
  return { serviceHotline: hotline };
}

export const clientEnv: ClientEnv = readClientEnv({ VITE_SERVICE_HOTLINE: import.meta.env.VITE_SERVICE_HOTLINE });
