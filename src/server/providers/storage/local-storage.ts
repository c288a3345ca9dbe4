import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { assertContentType, assertStorageKey, StorageKeyError } from './keys.ts';
import type { StorageProvider, StoredObject } from './types.ts';

const DEFAULT_TYPE = 'application/octet-stream';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT';
}

/**
 * Files in a local folder (`${DATA_DIR}/uploads`): the file at its key's path, its content type in
 * `.meta/<key>.json`. Keys never start a segment with a dot, so `.meta` and `.tmp` cannot clash
 * with a stored file. Writes go to a temporary file first and are renamed into place, so a reader
 * never sees half a file.
 */
export class LocalStorage implements StorageProvider {
  readonly kind = 'local';
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The key's file below the root; the key check already refuses `..`, this is the second lock. */
  private pathOf(key: string, area = ''): string {
    assertStorageKey(key);
    const base = area ? join(this.root, area) : this.root;
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new StorageKeyError(`storage key leaves the folder: ${key}`);
    return path;
  }

  private async writeAtomically(path: string, data: Uint8Array | string): Promise<void> {
    const tmpDir = join(this.root, '.tmp');
    await mkdir(tmpDir, { recursive: true });
    await mkdir(dirname(path), { recursive: true });
    const tmp = join(tmpDir, randomUUID());
    await writeFile(tmp, data);
    await rename(tmp, path);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertContentType(contentType);
    await this.writeAtomically(this.pathOf(key, '.meta') + '.json', JSON.stringify({ contentType }));
    await this.writeAtomically(this.pathOf(key), bytes);
  }

  async get(key: string): Promise<StoredObject | null> {
    const path = this.pathOf(key);
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    return { bytes, contentType: await this.contentTypeOf(key) };
  }

  private async contentTypeOf(key: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(this.pathOf(key, '.meta') + '.json', 'utf8')) as { contentType?: unknown };
      return typeof meta.contentType === 'string' ? meta.contentType : DEFAULT_TYPE;
    } catch {
      return DEFAULT_TYPE;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
    await rm(this.pathOf(key, '.meta') + '.json', { force: true });
  }
}
