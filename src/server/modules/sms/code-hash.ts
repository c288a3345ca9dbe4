import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_CODE_LENGTH } from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';

/**
 * SMS codes are stored as HMAC-SHA256 under a server key, so a copy of the table is useless
 * without the key (a plain or salted hash of six digits falls to a million guesses). The key is
 * derived from the first JWT signing secret, which every app server already shares.
 */
const keys = new WeakMap<Db, Buffer>();

export function deriveSmsKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('insure-h5/sms-code/v1').digest();
}

/** Called once by the SMS module for its app's database; the verifier finds the key by database. */
export function registerSmsKey(db: Db, jwtSecret: string): void {
  keys.set(db, deriveSmsKey(jwtSecret));
}

export function smsKeyFor(db: Db): Buffer {
  const key = keys.get(db);
  if (!key) throw new Error('SMS module not registered for this database: register it before verifying codes');
  return key;
}

export function newSmsCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
}

/** Bound to phone and type, so a code for one purpose never passes for another. */
export function hashSmsCode(key: Buffer, phone: string, type: string, code: string): string {
  return createHmac('sha256', key).update(`${phone}\n${type}\n${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
