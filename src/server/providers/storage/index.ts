import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { LocalStorage } from './local-storage.ts';
import { MemoryStorage } from './memory-storage.ts';
import { S3Storage } from './s3-storage.ts';
import type { StorageProvider } from './types.ts';

export type { StorageProvider } from './types.ts';
export { isStorageKey, newStorageKey, StorageKeyError } from './keys.ts';
export { StorageServiceError } from './s3-storage.ts';

export type StorageConfig = Pick<
  Config,
  'DATA_DIR' | 'STORAGE_S3_URL' | 'STORAGE_S3_REGION' | 'STORAGE_S3_ACCESS_KEY_ID' | 'STORAGE_S3_SECRET_ACCESS_KEY'
>;

/**
 * S3-compatible storage when STORAGE_S3_URL is set (it needs both access keys); otherwise the
 * local folder `${DATA_DIR}/uploads`, or memory when DATA_DIR is `memory://…` (tests).
 */
export function createStorageProvider(config: StorageConfig): StorageProvider {
  if (config.STORAGE_S3_URL) {
    if (!config.STORAGE_S3_ACCESS_KEY_ID || !config.STORAGE_S3_SECRET_ACCESS_KEY) {
      throw new Error('STORAGE_S3_URL needs STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY');
    }
    return new S3Storage({
      bucketUrl: config.STORAGE_S3_URL,
      region: config.STORAGE_S3_REGION,
      accessKeyId: config.STORAGE_S3_ACCESS_KEY_ID,
      secretAccessKey: config.STORAGE_S3_SECRET_ACCESS_KEY,
    });
  }
  if (config.DATA_DIR.startsWith('memory://')) return new MemoryStorage();
  return new LocalStorage(join(config.DATA_DIR, 'uploads'));
}
