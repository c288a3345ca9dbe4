import { randomUUID } from 'node:crypto';

/**
 * Storage keys look like relative paths: `/`-separated segments of letters, digits, `_`, `-` and
 * `.`, none starting with a dot. So a key can never climb out of its folder (`..`), be absolute,
 * hide as a dotfile or carry a backslash or NUL, whatever the backend makes of it.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
export const MAX_KEY_LENGTH = 512;
const CONTENT_TYPE =
  /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}(\s*;\s*[a-z0-9_-]+=[a-z0-9_.-]+)*$/i;

export class StorageKeyError extends Error {}

export function isStorageKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= MAX_KEY_LENGTH &&
    !key.includes('..') &&
    key.split('/').every((segment) => SEGMENT.test(segment))
  );
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new StorageKeyError(`invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
}

export function assertContentType(contentType: string): void {
  if (!CONTENT_TYPE.test(contentType))
    throw new StorageKeyError(`invalid content type: ${JSON.stringify(contentType.slice(0, 80))}`);
}

/**
 * A fresh key under a folder such as `avatars/42` or `claims/2024`: the name is a random UUID, so
 * keys cannot be guessed, and `extension` (e.g. `.jpg`) only helps people reading a listing.
 */
export function newStorageKey(folder: string, extension = ''): string {
  const key = `${folder.replace(/\/+$/, '')}/${randomUUID()}${extension}`;
  assertStorageKey(key);
  return key;
}
