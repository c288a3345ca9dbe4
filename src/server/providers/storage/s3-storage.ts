import { assertContentType, assertStorageKey } from './keys.ts';
import { signRequest, type SigV4Credentials } from './sigv4.ts';
import type { StorageProvider, StoredObject } from './types.ts';

/** A store that answered an unexpected status or could not be reached. */
export class StorageServiceError extends Error {}

export interface S3Options extends SigV4Credentials {
  /**
   * The bucket's base URL: path style (`https://minio.example.com/bucket`) or virtual-host style
   * (`https://bucket.cos.ap-shanghai.myqcloud.com`); objects are at `<base>/<key>`.
   */
  bucketUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** S3-compatible object storage over plain fetch: PUT, GET and DELETE Object, SigV4-signed. */
export class S3Storage implements StorageProvider {
  readonly kind = 's3';
  private readonly base: string;

  constructor(private readonly options: S3Options) {
    this.base = options.bucketUrl.replace(/\/+$/, '');
  }

  private async call(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    body?: Uint8Array,
    contentType?: string,
  ): Promise<Response> {
    assertStorageKey(key);
    const url = new URL(`${this.base}/${key}`);
    const headers = signRequest(this.options, {
      method,
      url,
      body,
      headers: contentType ? { 'content-type': contentType } : {},
    });
    // fetch sets Host itself and refuses to be given one.
    delete headers.host;
    try {
      return await (this.options.fetch ?? fetch)(url, {
        method,
        headers,
        body: body ? Buffer.from(body) : undefined,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new StorageServiceError(`object storage ${method} ${key} failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  private async fail(response: Response, method: string, key: string): Promise<never> {
    const text = (await response.text().catch(() => '')).slice(0, 300);
    throw new StorageServiceError(`object storage ${method} ${key} answered ${response.status}: ${text}`);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertContentType(contentType);
    const response = await this.call('PUT', key, bytes, contentType);
    if (!response.ok) await this.fail(response, 'PUT', key);
    await response.body?.cancel();
  }

  async get(key: string): Promise<StoredObject | null> {
    const response = await this.call('GET', key);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) await this.fail(response, 'GET', key);
    const bytes = Buffer.from(await response.arrayBuffer());
    return { bytes, contentType: response.headers.get('content-type') ?? 'application/octet-stream' };
  }

  async delete(key: string): Promise<void> {
    const response = await this.call('DELETE', key);
    // S3 answers 204 for a missing key as well; some compatible stores answer 404.
    if (!response.ok && response.status !== 404) await this.fail(response, 'DELETE', key);
    await response.body?.cancel();
  }
}
