import { expect } from 'vitest';
import type { SmsType } from '#shared/constants.ts';
import { members } from '../db/schema.ts';
import { hashPassword } from '../lib/password.ts';
import type { SmsOutbox } from '../providers/sms/outbox.ts';
import type { TestContext } from './helper.ts';
import { V1 } from './http.ts';
import { callerFor, type Caller } from './sign-in.ts';

export interface TestMember extends Caller {
  mobile: string | null;
}

/** A fresh member of its own (tests change passwords and mobiles, so none share the demo ones). */
export async function createMember(
  ctx: TestContext,
  opts: {
    username?: string | null;
    mobile?: string | null;
    password?: string | null;
    nickname?: string;
    status?: 'active' | 'disabled';
  } = {},
): Promise<TestMember> {
  const [row] = await ctx.app.db
    .insert(members)
    .values({
      username: opts.username ?? null,
      mobile: opts.mobile ?? null,
      passwordHash: opts.password ? await hashPassword(opts.password) : null,
      nickname: opts.nickname ?? '',
      status: opts.status ?? 'active',
    })
    .returning({ id: members.id });
  return { ...(await callerFor(ctx, row.id, ['member'])), mobile: opts.mobile ?? null };
}

let nextIp = 1;

/**
 * `POST sms/{type}` as the H5 does it, each from its own address (the SMS module allows 20 an hour
 * per address); answers the code the development outbox received.
 */
export async function sendCode(
  ctx: TestContext,
  type: SmsType,
  phone: string,
  headers?: Record<string, string>,
): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${V1}/sms/${type}?phoneNumber=${phone}`,
    headers,
    remoteAddress: `10.77.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (ctx.app.providers.sms as SmsOutbox).lastCode(phone, type) ?? '';
}

/** A six-digit code that is surely not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
