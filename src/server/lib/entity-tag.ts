import { createHash } from 'node:crypto';
import type { PreparedJson } from './prepared-json.ts';

/** A weak entity tag of the answer: the same for its brotli, gzip and plain bytes (RFC 9110 §8.8.1). */
export function entityTag(body: PreparedJson): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether an If-None-Match header names the tag (a list, `*`, or weak forms; RFC 9110 §13.1.2). */
export function matchesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}
