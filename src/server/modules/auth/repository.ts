import { and, eq, sql, type SQL } from 'drizzle-orm';
import { MOBILE_PATTERN } from '#shared/constants.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Db } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import { rateLimitHit, wholeWindowMs } from '../../db/rate-limit-store.ts';
import { auditEvents, channels, members, refreshTokens, wechatIdentities } from '../../db/schema.ts';
import type { Counted, SigninHit } from './signin-limits.ts';

export interface SigninMember {
  id: number;
  status: 'active' | 'disabled';
  roles: string[];
}

const signinColumns = { id: members.id, status: members.status, roles: members.roles };

/** By username; a mobile number also finds the member it belongs to. */
export async function findMemberByLogin(
  db: Db,
  login: string,
): Promise<(SigninMember & { passwordHash: string | null }) | undefined> {
  const columns = { ...signinColumns, passwordHash: members.passwordHash };
  const [byUsername] = await db.select(columns).from(members).where(eq(members.username, login));
  if (byUsername || !MOBILE_PATTERN.test(login)) return byUsername;
  const [byMobile] = await db.select(columns).from(members).where(eq(members.mobile, login));
  return byMobile;
}

export async function findMemberByMobile(db: Db, mobile: string): Promise<SigninMember | undefined> {
  const [row] = await db.select(signinColumns).from(members).where(eq(members.mobile, mobile));
  return row;
}

/**
 * The member holding the mobile, created (role member) when nobody does. Two first sign-ins of the
 * same mobile at once: the unique index lets one insert, and the other finds that member.
 */
export async function findOrCreateMobileMember(
  db: Db,
  mobile: string,
  values: Pick<
    typeof members.$inferInsert,
    'nickname' | 'channelId' | 'recommenderId' | 'consentAt' | 'termsVersion' | 'privacyVersion'
  >,
): Promise<{ member: SigninMember; created: boolean }> {
  const [inserted] = await db
    .insert(members)
    .values({ ...values, mobile })
    .onConflictDoNothing()
    .returning(signinColumns);
  if (inserted) return { member: inserted, created: true };
  const found = await findMemberByMobile(db, mobile);
  if (!found) throw new AppError('B0100');
  return { member: found, created: false };
}

export async function findMemberById(db: Db, id: number): Promise<SigninMember | undefined> {
  const [row] = await db.select(signinColumns).from(members).where(eq(members.id, id));
  return row;
}

export interface WechatIdentityInput {
  appId: string;
  kind: 'web' | 'cgi';
  openid: string;
  unionid?: string;
  nickname?: string;
  avatar?: string;
}

export async function findMemberIdByOpenid(db: Db, appId: string, openid: string): Promise<number | undefined> {
  const [row] = await db
    .select({ memberId: wechatIdentities.memberId })
    .from(wechatIdentities)
    .where(and(eq(wechatIdentities.appId, appId), eq(wechatIdentities.openid, openid)));
  return row?.memberId;
}

export interface KnownIdentitySignin {
  appId: string;
  openid: string;
  /** The audit row written when the member is active. */
  audit: { subject: string; ip: string; userAgent: string; detail: Record<string, string | number | boolean | null> };
  /** The new session's refresh token (its hash), written when the member is active. */
  session: { familyId: string; tokenHash: string; expiresAt: Date };
  /** The sign-in attempt's rate-limit hit: counted here; over its limit, nothing else is written. */
  hit?: SigninHit;
}

/** The statement of signInKnownIdentity, with or without the hit's count (a placeholder per value). */
function signInKnownSql(hit: SQL): SQL {
  const p = (name: string) => sql.placeholder(name);
  return sql`
    with hit as (${hit}), m as (
      select ${members.id} as id, ${members.status} as status, ${members.roles} as roles
      from ${wechatIdentities} join ${members} on ${members.id} = ${wechatIdentities.memberId}
      where ${wechatIdentities.appId} = ${p('appId')} and ${wechatIdentities.openid} = ${p('openid')}
        and (select current from hit) <= ${p('max')}::int
    ), audit as (
      insert into ${auditEvents} (type, member_id, subject, ip, user_agent, detail)
      select 'signin_success', id, ${p('subject')}, ${p('ip')}, ${p('userAgent')}, ${p('detail')}::jsonb
      from m where status = 'active'
    ), session as (
      insert into ${refreshTokens} (member_id, family_id, token_hash, expires_at)
      select id, ${p('familyId')}::uuid, ${p('tokenHash')}, ${p('expiresAt')}::timestamptz
      from m where status = 'active'
    )
    select hit.current, hit.ttl, m.id, m.status, m.roles from hit left join m on true`;
}

type SignInRow = Counted & Partial<SigninMember>;
/** Prepared: a returning user's sign-in is the hot write of a campaign's WeChat traffic. */
const signInCounting = preparedSql<SignInRow>(
  'signin_known_identity',
  signInKnownSql(rateLimitHit(sql.placeholder('hitKey'), sql.placeholder('hitWindowMs'))),
);
/** The second try of a first sign-in, whose hit the first try counted. */
const signInCounted = preparedSql<SignInRow>(
  'signin_known_identity_counted',
  signInKnownSql(sql`select 0 as current, 0 as ttl`),
);

/**
 * The returning WeChat user's sign-in as ONE statement, so one round trip and one commit
 * (docs/decisions/wechat-sign-in-one-commit.md): the attempt's rate-limit hit, the member behind the
 * identity and, only if the hit is within its limit and that member is active, the audit row and
 * the new session's refresh token. `member` is undefined for an unknown identity (or a hit over
 * its limit); a disabled member comes back with nothing written.
 */
export async function signInKnownIdentity(
  db: Db,
  input: KnownIdentitySignin,
): Promise<{ member?: SigninMember; counted: Counted }> {
  const { audit, session, hit } = input;
  const values = {
    appId: input.appId,
    openid: input.openid,
    max: hit?.max ?? 0,
    subject: audit.subject,
    ip: audit.ip,
    userAgent: audit.userAgent,
    detail: JSON.stringify(audit.detail),
    familyId: session.familyId,
    tokenHash: session.tokenHash,
    expiresAt: session.expiresAt.toISOString(),
  };
  const [row] = hit
    ? await signInCounting(db, { ...values, hitKey: hit.key, hitWindowMs: wholeWindowMs(hit.windowMs) })
    : await signInCounted(db, values);
  const counted = { current: Number(row.current), ttl: Number(row.ttl) };
  if (row.id === null || row.id === undefined) return { counted };
  return { member: { id: row.id, status: row.status!, roles: row.roles! }, counted };
}

/** The same person through another app of the same Open Platform account. */
export async function findMemberIdByUnionid(db: Db, unionid: string): Promise<number | undefined> {
  const [row] = await db
    .select({ memberId: wechatIdentities.memberId })
    .from(wechatIdentities)
    .where(eq(wechatIdentities.unionid, unionid))
    .orderBy(wechatIdentities.id)
    .limit(1);
  return row?.memberId;
}

/** Adds the identity to an existing member; a concurrent insert of the same (app, openid) wins quietly. */
export async function linkWechatIdentity(db: Db, memberId: number, identity: WechatIdentityInput): Promise<void> {
  await db.insert(wechatIdentities).values(identityValues(memberId, identity)).onConflictDoNothing();
}

function identityValues(memberId: number, identity: WechatIdentityInput) {
  return {
    memberId,
    appId: identity.appId,
    kind: identity.kind,
    openid: identity.openid,
    unionid: identity.unionid ?? null,
    nickname: identity.nickname ?? '',
    avatar: identity.avatar ?? '',
  };
}

class LostRace extends Error {}

/**
 * Creates the member (role member) and its identity in one transaction. Null when a concurrent
 * first sign-in of the same (app, openid) got there first: the unique index decides, and this
 * transaction rolls back its member so no orphan is left.
 */
export async function createWechatMember(
  db: Db,
  identity: WechatIdentityInput,
  extra: Pick<
    typeof members.$inferInsert,
    'nickname' | 'avatar' | 'channelId' | 'recommenderId' | 'consentAt' | 'termsVersion' | 'privacyVersion'
  >,
): Promise<number | null> {
  try {
    return await db.transaction(async (tx) => {
      const [member] = await tx.insert(members).values(extra).returning({ id: members.id });
      const inserted = await tx
        .insert(wechatIdentities)
        .values(identityValues(member.id, identity))
        .onConflictDoNothing()
        .returning({ id: wechatIdentities.id });
      if (!inserted.length) throw new LostRace();
      return member.id;
    });
  } catch (error) {
    if (error instanceof LostRace) return null;
    throw error;
  }
}

export async function findActiveChannelId(db: Db, code: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.code, code), eq(channels.status, 'active')));
  return row?.id;
}
