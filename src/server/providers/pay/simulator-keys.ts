import { generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { randomApiV3Key } from './wechatpay-crypto.ts';

/**
 * Key material of the local WeChat Pay simulator, used outside production when the WECHAT_PAY_*
 * keys are not configured: a merchant RSA-2048 key pair (the provider signs requests and pay
 * parameters with it, the simulator checks with its public half), a platform RSA-2048 key pair
 * (the simulator signs answers and notifications, the provider checks with the public half) and
 * an APIv3 key for the AES-256-GCM notification resources.
 *
 * Generated once and kept in `${DATA_DIR}/wechatpay-sim.json` so a restart keeps verifying what
 * was signed before; with a `memory://` DATA_DIR (tests) it lives in this process only.
 */
const SimulatorKeysSchema = z.object({
  version: z.literal(1),
  merchantPrivateKey: z.string().includes('PRIVATE KEY'),
  merchantSerial: z.string().regex(/^[0-9A-F]{40}$/),
  platformPrivateKey: z.string().includes('PRIVATE KEY'),
  platformPublicKey: z.string().includes('PUBLIC KEY'),
  platformPublicKeyId: z.string().regex(/^PUB_KEY_ID_\w+$/),
  apiV3Key: z.string().length(32),
});

export type SimulatorKeyFile = z.infer<typeof SimulatorKeysSchema>;

export const SIMULATOR_KEY_FILE = 'wechatpay-sim.json';

function rsaPair() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/** A fresh key set, the shape WeChat gives merchants (40-hex certificate serial, PUB_KEY_ID_ + digits). */
export function generateSimulatorKeys(): SimulatorKeyFile {
  const merchant = rsaPair();
  const platform = rsaPair();
  let digits = '';
  for (let i = 0; i < 22; i++) digits += randomInt(10);
  return {
    version: 1,
    merchantPrivateKey: merchant.privateKey,
    merchantSerial: randomBytes(20).toString('hex').toUpperCase(),
    platformPrivateKey: platform.privateKey,
    platformPublicKey: platform.publicKey,
    platformPublicKeyId: `PUB_KEY_ID_${digits}`,
    apiV3Key: randomApiV3Key(),
  };
}

const loaded = new Map<string, SimulatorKeyFile>();

/** The simulator key set of a data folder: read, or generated and stored once (memoised per process). */
export function loadSimulatorKeys(dataDir: string): SimulatorKeyFile {
  const id = dataDir.startsWith('memory://') ? dataDir : resolve(dataDir);
  let keys = loaded.get(id);
  if (!keys) {
    keys = id.startsWith('memory://') ? generateSimulatorKeys() : readOrCreate(join(id, SIMULATOR_KEY_FILE));
    loaded.set(id, keys);
  }
  return keys;
}

function readKeyFile(path: string): SimulatorKeyFile | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = SimulatorKeysSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(`${path} is not a WeChat Pay simulator key file; delete it to generate a new one`);
  return parsed.data;
}

/**
 * Creates the file atomically (write aside, then hard-link into place, which fails if it exists),
 * so parallel processes starting on a fresh data folder end up sharing one key set.
 */
function readOrCreate(path: string): SimulatorKeyFile {
  const existing = readKeyFile(path);
  if (existing) return existing;
  const keys = generateSimulatorKeys();
  mkdirSync(join(path, '..'), { recursive: true });
  const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(aside, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  try {
    linkSync(aside, path);
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readKeyFile(path) ?? keys;
  } finally {
    unlinkSync(aside);
  }
}
