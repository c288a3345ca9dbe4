import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import {
  createStorageProvider,
  isStorageKey,
  newStorageKey,
  StorageKeyError,
  StorageServiceError,
  type StorageProvider,
} from './index.ts';
import { LocalStorage } from './local-storage.ts';
import { MemoryStorage } from './memory-storage.ts';
import { S3Storage } from './s3-storage.ts';
import { signRequest } from './sigv4.ts';

const folder = await mkdtemp(join(tmpdir(), 'storage-test-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

const TRAVERSALS = [
  '../secret',
  'a/../../etc/passwd',
  '/etc/passwd',
  'a/./b',
  '.hidden',
  'a//b',
  'a\\b',
  'a/b/',
  '',
  'a\0b',
  '..',
  'x'.repeat(600),
  'héllo',
];

function contract(name: string, make: () => StorageProvider) {
  describe(`${name} storage`, () => {
    const storage = make();

    it('stores, reads back and deletes a file with its content type', async () => {
      const key = newStorageKey('avatars/7', '.png');
      const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
      await storage.put(key, bytes, 'image/png');
      expect(await storage.get(key)).toEqual({ bytes, contentType: 'image/png' });
      await storage.delete(key);
      expect(await storage.get(key)).toBeNull();
    });

    it('replaces a file stored under the same key', async () => {
      await storage.put('claims/1/list.csv', Buffer.from('old'), 'text/plain');
      await storage.put('claims/1/list.csv', Buffer.from('new'), 'text/csv; charset=utf-8');
      const file = await storage.get('claims/1/list.csv');
      expect(file?.bytes.toString()).toBe('new');
      expect(file?.contentType).toBe('text/csv; charset=utf-8');
    });

    it('answers null for a key never stored, and deleting it is no error', async () => {
      expect(await storage.get('claims/none/nothing.jpg')).toBeNull();
      await expect(storage.delete('claims/none/nothing.jpg')).resolves.toBeUndefined();
    });

    it('does not let a caller change a stored file through its buffer', async () => {
      const bytes = Buffer.from('abc');
      await storage.put('x/copy', bytes, 'text/plain');
      bytes[0] = 0x7a;
      expect((await storage.get('x/copy'))?.bytes.toString()).toBe('abc');
    });

    it.each(TRAVERSALS)('refuses the key %j on put, get and delete', async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageKeyError);
    });

    it('refuses a content type that could break a header', async () => {
      await expect(storage.put('x/y', Buffer.from('x'), 'text/plain\r\nx-evil: 1')).rejects.toBeInstanceOf(
        StorageKeyError,
      );
      await expect(storage.put('x/y', Buffer.from('x'), 'nonsense')).rejects.toBeInstanceOf(StorageKeyError);
    });
  });
}

contract('memory', () => new MemoryStorage());
contract('local folder', () => new LocalStorage(join(folder, 'uploads')));

describe('local folder layout', () => {
  it('keeps files below ${DATA_DIR}/uploads and nothing outside it', async () => {
    const dataDir = join(folder, 'data');
    const storage = createStorageProvider(loadConfig({ DATA_DIR: dataDir }));
    expect(storage.kind).toBe('local');
    await storage.put('avatars/1/a.jpg', Buffer.from('jpeg'), 'image/jpeg');
    expect(await readFile(join(dataDir, 'uploads', 'avatars', '1', 'a.jpg'), 'utf8')).toBe('jpeg');
    expect(await readdir(dataDir)).toEqual(['uploads']);
    await expect(storage.get('../data/uploads/avatars/1/a.jpg')).rejects.toBeInstanceOf(StorageKeyError);
  });
});

describe('keys', () => {
  it('are random under the folder given', () => {
    const a = newStorageKey('claims/2024/');
    expect(a).toMatch(/^claims\/2024\/[0-9a-f-]{36}$/);
    expect(newStorageKey('claims/2024')).not.toBe(a);
    expect(() => newStorageKey('../up')).toThrow(StorageKeyError);
  });

  it('accept relative paths of safe segments only', () => {
    expect(isStorageKey('avatars/12/0f8e.jpeg')).toBe(true);
    expect(isStorageKey('a..b')).toBe(false);
    for (const key of TRAVERSALS) expect(isStorageKey(key)).toBe(false);
  });
});

describe('choosing the storage', () => {
  it('uses memory for a memory:// DATA_DIR and S3 when its URL is set', () => {
    expect(createStorageProvider(loadConfig({ DATA_DIR: 'memory://x' })).kind).toBe('memory');
    const s3 = createStorageProvider(
      loadConfig({
        STORAGE_S3_URL: 'https://b.example.com',
        STORAGE_S3_ACCESS_KEY_ID: 'k',
        STORAGE_S3_SECRET_ACCESS_KEY: 's',
      }),
    );
    expect(s3.kind).toBe('s3');
  });

  it('refuses an S3 URL without both access keys', () => {
    expect(() =>
      createStorageProvider(loadConfig({ STORAGE_S3_URL: 'https://b.example.com', STORAGE_S3_ACCESS_KEY_ID: 'k' })),
    ).toThrow(/STORAGE_S3_SECRET_ACCESS_KEY/);
  });
});

describe('SigV4', () => {
  // AWS's published S3 example (GET Object with a Range header), with its documented signature.
  it('matches the signature of the AWS S3 GET Object example', () => {
    const headers = signRequest(
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
      },
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9' },
        now: new Date('2013-05-24T00:00:00Z'),
      },
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-content-sha256']).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

describe('S3-compatible storage against a stand-in server', async () => {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: Seen[] = [];
  let failWith = 0;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
    if (failWith) return res.writeHead(failWith).end('<Error><Code>AccessDenied</Code></Error>');
    const found = objects.get(req.url!);
    if (req.method === 'PUT') {
      objects.set(req.url!, { body, type: String(req.headers['content-type']) });
      return res.writeHead(200).end();
    }
    if (req.method === 'DELETE') {
      objects.delete(req.url!);
      return res.writeHead(204).end();
    }
    if (!found) return res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
    return res.writeHead(200, { 'content-type': found.type }).end(found.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/my-bucket`;
  const storage = new S3Storage({
    bucketUrl: `${base}/`,
    region: 'cn-east-1',
    accessKeyId: 'AKID',
    secretAccessKey: 'secret',
  });

  it('puts, gets and deletes objects at <bucket URL>/<key> with signed requests', async () => {
    await storage.put('avatars/3/a.png', Buffer.from('png!'), 'image/png');
    const put = seen.at(-1)!;
    expect(put.method).toBe('PUT');
    expect(put.url).toBe('/my-bucket/avatars/3/a.png');
    expect(put.body.toString()).toBe('png!');
    expect(put.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKID\/\d{8}\/cn-east-1\/s3\/aws4_request,SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date,Signature=[0-9a-f]{64}$/,
    );
    expect(put.headers['x-amz-content-sha256']).toBe(createHash('sha256').update('png!').digest('hex'));
    expect(await storage.get('avatars/3/a.png')).toEqual({ bytes: Buffer.from('png!'), contentType: 'image/png' });
    await storage.delete('avatars/3/a.png');
    expect(seen.at(-1)!.method).toBe('DELETE');
    expect(await storage.get('avatars/3/a.png')).toBeNull();
  });

  it('signs exactly what a verifier recomputes from the request it received', async () => {
    await storage.put('k/v.txt', Buffer.from('hello'), 'text/plain');
    const got = seen.at(-1)!;
    const date = String(got.headers['x-amz-date']);
    const expected = signRequest(
      { accessKeyId: 'AKID', secretAccessKey: 'secret', region: 'cn-east-1' },
      {
        method: 'PUT',
        url: new URL(`http://${got.headers.host}${got.url}`),
        headers: { 'content-type': String(got.headers['content-type']) },
        body: got.body,
        now: new Date(
          `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
        ),
      },
    );
    expect(got.headers.authorization).toBe(expected.authorization);
  });

  it('reports a refusing store as a StorageServiceError naming the status', async () => {
    failWith = 403;
    await expect(storage.put('k/denied', Buffer.from('x'), 'text/plain')).rejects.toThrow(StorageServiceError);
    await expect(storage.get('k/denied')).rejects.toThrow(/403/);
    failWith = 0;
  });

  it('reports an unreachable store as a StorageServiceError', async () => {
    const nowhere = new S3Storage({
      bucketUrl: 'http://127.0.0.1:1/b',
      region: 'r',
      accessKeyId: 'a',
      secretAccessKey: 's',
    });
    await expect(nowhere.get('k/x')).rejects.toThrow(StorageServiceError);
  });

  it('never sends a request for a bad key', async () => {
    const before = seen.length;
    await expect(storage.get('../other-bucket/x')).rejects.toBeInstanceOf(StorageKeyError);
    expect(seen.length).toBe(before);
  });
});
