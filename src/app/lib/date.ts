const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * Formats a date in the phone's time zone with the tokens YYYY MM DD HH mm ss (default
 * `YYYY-MM-DD HH:mm:ss`). Accepts a Date, an ISO string (the wire format, docs/decisions.md#data) or epoch
 * milliseconds; empty or invalid input gives ''.
 */
export function formatDate(value: Date | string | number | null | undefined, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts: Record<string, string> = {
    YYYY: String(date.getFullYear()),
    MM: pad(date.getMonth() + 1),
    DD: pad(date.getDate()),
    HH: pad(date.getHours()),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token]);
}
