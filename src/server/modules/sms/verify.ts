import { SMS_MAX_ATTEMPTS, type SmsType } from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashSmsCode, sameHash, smsKeyFor } from './code-hash.ts';
import * as repo from './repository.ts';

export interface SmsCodeCheck {
  phone: string;
  type: SmsType;
  code: string;
}

/**
 * Checks a code sent by `POST sms/{type}` and uses it up. Only the newest code of the phone and
 * type counts. Throws A0130 when it is wrong, expired, used or unknown, and A0131 once
 * SMS_MAX_ATTEMPTS wrong guesses have killed it. For other modules: mobile change, password reset.
 */
export async function verifySmsCode(db: Db, { phone, type, code }: SmsCodeCheck): Promise<void> {
  const now = new Date();
  const row = await repo.latestCode(db, phone, type);
  if (!row || row.consumedAt || row.expiresAt <= now) throw new AppError('A0130');
  if (row.attempts >= SMS_MAX_ATTEMPTS) throw new AppError('A0131');
  if (!sameHash(row.codeHash, hashSmsCode(smsKeyFor(db), phone, type, code))) {
    const attempts = await repo.recordWrongAttempt(db, row.id);
    throw new AppError(attempts === null || attempts >= SMS_MAX_ATTEMPTS ? 'A0131' : 'A0130');
  }
  if (!(await repo.consumeCode(db, row.id, now))) throw new AppError('A0130');
}
