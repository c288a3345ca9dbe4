import { SMS_CODE_TTL_S, SMS_RESEND_COOLDOWN_S, type SmsType } from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SmsProvider } from '../../providers/sms/types.ts';
import { hashSmsCode, newSmsCode, smsKeyFor } from './code-hash.ts';
import * as repo from './repository.ts';
import { phrase } from '../../lib/texts/render.ts';

/** Codes one phone may receive in 24 hours, all types together (SMS costs money and annoys). */
export const SMS_PHONE_LIMIT_PER_DAY = 10;

export interface IssueRequest {
  phone: string;
  type: SmsType;
  /**
   * False stores a code but sends nothing: for a password reset of a phone without an account, so
   * that the answer, the cooldown and the limits look the same as for a phone with one.
   */
  deliver: boolean;
}

/** Creates a code (replacing older ones of the phone and type) and sends it. */
export async function issueSmsCode(db: Db, sms: SmsProvider, { phone, type, deliver }: IssueRequest): Promise<void> {
  const code = newSmsCode();
  const now = new Date();
  const id = await db.transaction(async (tx) => {
    await repo.lockPhone(tx, phone);
    const latest = await repo.latestCode(tx, phone, type);
    const wait = latest
      ? Math.ceil((latest.createdAt.getTime() + SMS_RESEND_COOLDOWN_S * 1000 - now.getTime()) / 1000)
      : 0;
    if (wait > 0) throw new AppError('A0132', phrase('sms.tooSoon', { seconds: wait }));
    const sentToday = await repo.countCodesSince(tx, phone, new Date(now.getTime() - 24 * 3600_000));
    if (sentToday >= SMS_PHONE_LIMIT_PER_DAY) throw new AppError('A0132', 'sms.dailyLimit');
    await repo.retireCodes(tx, phone, type, now);
    return repo.insertCode(tx, {
      phone,
      type,
      codeHash: hashSmsCode(smsKeyFor(db), phone, type, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SMS_CODE_TTL_S * 1000),
    });
  });
  if (!deliver) return;
  try {
    await sms.send({ phone, template: type, params: { code, minutes: String(Math.round(SMS_CODE_TTL_S / 60)) } });
  } catch (error) {
    // An undelivered code must not hold the cooldown: the user may ask again at once.
    await repo.deleteCode(db, id);
    throw error;
  }
}
