import { assertContentType, assertStorageKey } from './keys.ts';
import type { StorageProvider, StoredObject } from './types.ts';

/** Files kept in this process only: for tests and a `memory://` DATA_DIR. */
export class MemoryStorage implements StorageProvider {
  readonly kind = 'memory';
  private readonly files = new Map<string, StoredObject>();

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertStorageKey(key);
    assertContentType(contentType);
    // Copies in and out, so a caller changing its buffer later cannot change what is stored.
    this.files.set(key, { bytes: Buffer.from(bytes), contentType });
  }

  async get(key: string): Promise<StoredObject | null> {
    assertStorageKey(key);
    const file = this.files.get(key);
    return file ? { bytes: Buffer.from(file.bytes), contentType: file.contentType } : null;
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    this.files.delete(key);
  }
}
