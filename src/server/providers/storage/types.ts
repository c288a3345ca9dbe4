/** One stored file: its bytes and the content type it was stored with. */
export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live (docs/decisions/file-storage.md): claim photos, team lists, avatars. Keys are made by
 * the server (see `newStorageKey`), never taken from a client, and are checked on every call.
 */
export interface StorageProvider {
  readonly kind: 'local' | 'memory' | 's3';
  /** Stores the bytes under the key, replacing what was there. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when nothing is stored under the key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the file; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}
