import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { channels, members, wechatIdentities } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { simulatedOpenid, simulatedUnionid } from '../../simulators/wechat/state.ts';
import { currentAgreement, LEGAL_VERSIONS } from '#shared/consent.ts';
import { createConsentTickets } from './consent-ticket.ts';
import { createWechatMember } from './repository.ts';
import { type BodyKind, simAdvanceClock, simMpCode, simOauthCode, tokenCall, tokenOf } from '../../test/token-call.ts';

const ctx = await setupTestApp({ RATE_LIMIT_SIGNIN_PER_MIN: '1000' });
const { db } = ctx.app;
const oaAppId = ctx.config.WECHAT_OA_APPID;
const mpAppId = ctx.config.WECHAT_MP_APPID;

/** A web sign-in as the H5 sends it after its consent step (a returning member may leave `agreement` out). */
const wxWeb = (code: string, extra: Record<string, string> = {}, as: BodyKind = 'multipart') =>
  tokenCall(ctx, { grant_type: 'wx_web', code, channel: 'demo', agreement: currentAgreement(), ...extra }, { as });
const memberIdOf = async (res: { json(): { data: { access_token: string } } }) =>
  (await ctx.app.accessTokens.verify(res.json().data.access_token))!.memberId;
const identitiesOf = (openid: string) => db.select().from(wechatIdentities).where(eq(wechatIdentities.openid, openid));
const memberRow = async (id: number) => (await db.select().from(members).where(eq(members.id, id)))[0];
const idOfUsername = async (username: string) =>
  (await db.select({ id: members.id }).from(members).where(eq(members.username, username)))[0].id;
const memberCount = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(members))[0].n;

describe('wx_web grant', () => {
  it.each<BodyKind>(['multipart', 'form'])(
    'creates exactly one member and identity on the first sign-in (%s)',
    async (as) => {
      const user = `first-${as}`;
      const before = await memberCount();
      const { code, openid } = await simOauthCode(ctx, user);
      const res = await wxWeb(code, {}, as);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: '00000', data: { token_type: 'Bearer' } });
      expect(await memberCount()).toBe(before + 1);
      const [identity] = await identitiesOf(openid);
      expect(identity).toMatchObject({
        appId: oaAppId,
        kind: 'web',
        openid: simulatedOpenid(oaAppId, user),
        unionid: simulatedUnionid(user),
        nickname: user,
      });
      const memberId = await memberIdOf(res);
      expect(identity.memberId).toBe(memberId);
      const [demo] = await db.select().from(channels).where(eq(channels.code, 'demo'));
      expect(await memberRow(memberId)).toMatchObject({
        roles: ['member'],
        nickname: user,
        avatar: expect.stringContaining('/wx-sim/avatar/'),
        channelId: demo.id,
        recommenderId: null,
        status: 'active',
      });
      expect(await ctx.app.accessTokens.verify(res.json().data.access_token)).toMatchObject({
        memberId,
        roles: ['member'],
        sessionId: expect.any(String),
      });
    },
  );

  it('refuses to create a member without the current agreement (A0140), then creates it with the consent recorded', async () => {
    const before = await memberCount();
    const { code, openid } = await simOauthCode(ctx, 'consent-first');
    const attempts = [
      tokenCall(ctx, { grant_type: 'wx_web', code, channel: 'demo' }),
      wxWeb(code, { agreement: '' }),
      wxWeb(code, { agreement: 'terms:2020-01-01,privacy:2020-01-01' }),
    ];
    for (const refused of await Promise.all(attempts)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        code: 'A0140',
        msg: '请先阅读并同意《用户服务协议》和《隐私政策》',
        data: { consentTicket: expect.any(String) },
      });
    }
    expect(await memberCount()).toBe(before);
    expect(await identitiesOf(openid)).toHaveLength(0);
    // The H5's consent step sends the same code again with the agreement (the exchange is cached).
    const agreed = await wxWeb(code);
    expect(agreed.statusCode).toBe(200);
    const row = await memberRow(await memberIdOf(agreed));
    expect(row).toMatchObject({
      termsVersion: LEGAL_VERSIONS.terms,
      privacyVersion: LEGAL_VERSIONS.privacy,
      consentAt: expect.any(Date),
    });
    expect(await memberCount()).toBe(before + 1);
  });

  describe('the consent ticket of an A0140 answer', () => {
    const refusedTicket = async (user: string) => {
      const { code, openid } = await simOauthCode(ctx, user);
      const refused = await tokenCall(ctx, { grant_type: 'wx_web', code, channel: 'demo' });
      expect(refused.json()).toMatchObject({ code: 'A0140', data: { consentTicket: expect.any(String) } });
      return { ticket: refused.json().data.consentTicket as string, openid };
    };
    const redeem = (ticket: string, extra: Record<string, string> = {}) =>
      tokenCall(ctx, {
        grant_type: 'wx_web',
        consent_ticket: ticket,
        channel: 'demo',
        agreement: currentAgreement(),
        ...extra,
      });

    it('creates the member with the consent stored, without a second WeChat code, and only once', async () => {
      const before = await memberCount();
      const { ticket, openid } = await refusedTicket('ticket-once');
      // Not readable by the client: the openid is sealed inside.
      expect(ticket).not.toContain(openid);
      expect(Buffer.from(ticket.split('.')[0], 'base64url').toString()).toContain('"enc":"A256GCM"');
      const agreed = await redeem(ticket);
      expect(agreed.statusCode).toBe(200);
      const row = await memberRow(await memberIdOf(agreed));
      expect(row).toMatchObject({
        nickname: 'ticket-once',
        termsVersion: LEGAL_VERSIONS.terms,
        privacyVersion: LEGAL_VERSIONS.privacy,
        consentAt: expect.any(Date),
      });
      expect(await identitiesOf(openid)).toEqual([
        expect.objectContaining({ memberId: row.id, nickname: 'ticket-once' }),
      ]);
      const [again, parallel] = await Promise.all([redeem(ticket), redeem(ticket)]);
      for (const res of [again, parallel]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'A0221', data: null });
      }
      expect(await memberCount()).toBe(before + 1);
    });

    it('of two redemptions at once, one creates the member and the other is refused', async () => {
      const before = await memberCount();
      const { ticket } = await refusedTicket('ticket-race');
      const answers = await Promise.all([redeem(ticket), redeem(ticket)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
      expect(await memberCount()).toBe(before + 1);
    });

    it('without the current agreement answers A0140 again and creates nobody', async () => {
      const before = await memberCount();
      const { ticket, openid } = await refusedTicket('ticket-unticked');
      for (const agreement of ['', 'terms:2020-01-01,privacy:2020-01-01']) {
        const res = await redeem(ticket, { agreement });
        expect(res.json()).toMatchObject({ code: 'A0140', data: { consentTicket: expect.any(String) } });
      }
      expect(await memberCount()).toBe(before);
      expect(await identitiesOf(openid)).toHaveLength(0);
      expect((await redeem(ticket)).statusCode).toBe(200);
    });

    it('refuses a forged, altered or expired ticket with A0221 and creates nobody', async () => {
      const before = await memberCount();
      const { ticket } = await refusedTicket('ticket-forged');
      const parts = ticket.split('.');
      const flipped = parts[3].startsWith('A') ? `B${parts[3].slice(1)}` : `A${parts[3].slice(1)}`;
      const altered = [...parts.slice(0, 3), flipped, parts[4]].join('.');
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 301_000 });
      const stale = await createConsentTickets(ctx.config).seal({ appId: oaAppId, kind: 'web', openid: 'o-stale' });
      vi.useRealTimers();
      for (const bad of ['not-a-ticket', altered, stale]) {
        const res = await redeem(bad);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'A0221', data: null });
      }
      expect(await memberCount()).toBe(before);
    });

    it('needs a code or a ticket', async () => {
      const res = await tokenCall(ctx, { grant_type: 'wx_web', channel: 'demo', agreement: currentAgreement() });
      expect(res.json()).toMatchObject({ code: 'A0410', msg: '请求必填参数为空：验证码' });
    });
  });

  it('signs a returning member in silently without an agreement, as the automatic sign-in inside WeChat does', async () => {
    const first = await wxWeb((await simOauthCode(ctx, 'consent-returning')).code);
    const again = await wxWeb((await simOauthCode(ctx, 'consent-returning')).code, { agreement: '' });
    expect(again.statusCode).toBe(200);
    expect(await memberIdOf(again)).toBe(await memberIdOf(first));
  });

  it('lets a mini-program user sign in without an agreement (the mini-program has its own privacy flow)', async () => {
    const { code } = await simMpCode(ctx, 'consent-mp');
    const res = await tokenCall(ctx, { grant_type: 'wx_cgi', code });
    expect(res.statusCode).toBe(200);
  });

  it("shows the new member's profile as bound to WeChat right after the first sign-in", async () => {
    const res = await wxWeb((await simOauthCode(ctx, 'first-profile')).code);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/prod-api/app-api/v1/members/me',
      headers: { authorization: `Bearer ${res.json().data.access_token}` },
    });
    expect(me.json().data).toMatchObject({ nickname: 'first-profile', wechatBound: true });
  });

  it('finds the same member on a later sign-in with a new code', async () => {
    const first = await wxWeb((await simOauthCode(ctx, 'returning')).code);
    const before = await memberCount();
    const second = await wxWeb((await simOauthCode(ctx, 'returning')).code);
    expect(await memberIdOf(second)).toBe(await memberIdOf(first));
    expect(await memberCount()).toBe(before);
    expect(await identitiesOf(simulatedOpenid(oaAppId, 'returning'))).toHaveLength(1);
  });

  it('uses the default nickname when the scope gives no profile (snsapi_base)', async () => {
    const res = await wxWeb((await simOauthCode(ctx, 'silent', { scope: 'snsapi_base' })).code);
    expect(await memberRow(await memberIdOf(res))).toMatchObject({ nickname: '微信用户', avatar: '' });
  });

  it('records recommendId only for a partner, only on the first sign-in, and ignores -1 and garbage', async () => {
    const partnerId = await idOfUsername('demo.partner');
    const channelId = await idOfUsername('demo.channel');
    const plainMemberId = await idOfUsername('demo.member');
    const cases: [string, string, number | null][] = [
      ['rec-partner', String(partnerId), partnerId],
      ['rec-channel', String(channelId), channelId],
      ['rec-member', String(plainMemberId), null],
      ['rec-none', '-1', null],
      ['rec-missing', '999999', null],
      ['rec-garbage', 'abc', null],
    ];
    for (const [user, recommendId, expected] of cases) {
      const res = await wxWeb((await simOauthCode(ctx, user)).code, { recommendId });
      expect(res.statusCode).toBe(200);
      expect((await memberRow(await memberIdOf(res))).recommenderId, user).toBe(expected);
    }
    // A later sign-in through another partner's link does not change who brought the member in.
    const again = await wxWeb((await simOauthCode(ctx, 'rec-partner')).code, { recommendId: String(channelId) });
    expect((await memberRow(await memberIdOf(again))).recommenderId).toBe(partnerId);
    const late = await wxWeb((await simOauthCode(ctx, 'rec-none')).code, { recommendId: String(partnerId) });
    expect((await memberRow(await memberIdOf(late))).recommenderId).toBeNull();
  });

  it('does not record a disabled partner as the recommender (the recommender rule of partners/recommender.ts)', async () => {
    const [gone] = await db
      .insert(members)
      .values({ username: 'rec-gone.partner', nickname: '停用伙伴', roles: ['member', 'partner'], status: 'disabled' })
      .returning({ id: members.id });
    const res = await wxWeb((await simOauthCode(ctx, 'rec-disabled')).code, { recommendId: String(gone.id) });
    expect(res.statusCode).toBe(200);
    expect((await memberRow(await memberIdOf(res))).recommenderId).toBeNull();
  });

  it('still signs in with an unknown channel code, leaving the channel empty', async () => {
    const res = await wxWeb((await simOauthCode(ctx, 'stale-link')).code, { channel: 'no-such-channel' });
    expect(res.statusCode).toBe(200);
    expect((await memberRow(await memberIdOf(res))).channelId).toBeNull();
  });

  it('needs code and channel', async () => {
    const res = await tokenCall(ctx, { grant_type: 'wx_web' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'A0410', msg: '请求必填参数为空：验证码、渠道' });
  });
});

describe('WeChat codes', () => {
  it('is idempotent for a repeated code within 5 minutes: same member, fresh tokens, no second member', async () => {
    const { code } = await simOauthCode(ctx, 'double-submit');
    const before = await memberCount();
    const [a, b] = await Promise.all([wxWeb(code), wxWeb(code)]);
    const c = await wxWeb(code);
    for (const res of [a, b, c]) expect(res.statusCode).toBe(200);
    expect(new Set([await memberIdOf(a), await memberIdOf(b), await memberIdOf(c)]).size).toBe(1);
    expect(new Set([a, b, c].map((r) => r.json().data.refresh_token)).size).toBe(3);
    expect(await memberCount()).toBe(before + 1);
  });

  it('answers A0221 for a code already used elsewhere (WeChat says 40163)', async () => {
    const { code } = await simOauthCode(ctx, 'used-elsewhere');
    const q = new URLSearchParams({
      appid: oaAppId,
      secret: ctx.config.wechatOaSecret,
      code,
      grant_type: 'authorization_code',
    });
    expect(await (await fetch(`${ctx.url}/wx-sim/sns/oauth2/access_token?${q}`)).json()).toHaveProperty('openid');
    const res = await wxWeb(code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'A0221', msg: '微信授权码已被使用，请重新进入页面', data: null });
  });

  it('answers A0220 for an unknown code, a mini-program code and an expired code', async () => {
    expect((await wxWeb('made-up-code')).json()).toEqual({
      code: 'A0220',
      msg: '微信授权失败，请重新进入页面',
      data: null,
    });
    expect((await wxWeb((await simMpCode(ctx, 'wrong-kind')).code)).json().code).toBe('A0220');
    const { code } = await simOauthCode(ctx, 'too-slow');
    await simAdvanceClock(ctx, 301);
    const res = await wxWeb(code);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('A0220');
  });

  it('does not create two members when two first sign-ins of one person race with different codes', async () => {
    const before = await memberCount();
    const codes = await Promise.all([
      simOauthCode(ctx, 'racer'),
      simOauthCode(ctx, 'racer'),
      simOauthCode(ctx, 'racer'),
    ]);
    const results = await Promise.all(codes.map(({ code }) => wxWeb(code)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(await Promise.all(results.map(memberIdOf))).size).toBe(1);
    expect(await memberCount()).toBe(before + 1);
  });
});

describe('creating a WeChat member', () => {
  it('leaves no orphan member when the unique (app, openid) index makes one of two creations lose', async () => {
    const before = await memberCount();
    const identity = { appId: oaAppId, kind: 'web' as const, openid: 'o-race-without-unionid' };
    const extra = { nickname: '微信用户', avatar: '', channelId: null, recommenderId: null };
    const results = await Promise.all([
      createWechatMember(db, identity, extra),
      createWechatMember(db, identity, extra),
    ]);
    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(await memberCount()).toBe(before + 1);
    expect((await identitiesOf(identity.openid))[0].memberId).toBe(results.find((r) => r !== null));
  });
});

describe('wx_cgi grant', () => {
  it('signs a mini-program user in with the wx.login code and finds them again', async () => {
    const { code, openid } = await simMpCode(ctx, 'mp-only');
    const first = await tokenCall(ctx, { grant_type: 'wx_cgi', code }, { as: 'form' });
    expect(first.statusCode).toBe(200);
    const [identity] = await identitiesOf(openid);
    expect(identity).toMatchObject({ appId: mpAppId, kind: 'cgi', unionid: simulatedUnionid('mp-only') });
    expect(await memberRow(await memberIdOf(first))).toMatchObject({ roles: ['member'], nickname: '微信用户' });
    const second = await tokenCall(ctx, { grant_type: 'wx_cgi', code: (await simMpCode(ctx, 'mp-only')).code });
    expect(await memberIdOf(second)).toBe(await memberIdOf(first));
  });

  it('links the official-account identity of the same person (same unionid) to the same member', async () => {
    const mp = await tokenCall(ctx, { grant_type: 'wx_cgi', code: (await simMpCode(ctx, 'both-apps')).code });
    const web = await wxWeb((await simOauthCode(ctx, 'both-apps')).code);
    const memberId = await memberIdOf(mp);
    expect(await memberIdOf(web)).toBe(memberId);
    const rows = await db.select().from(wechatIdentities).where(eq(wechatIdentities.memberId, memberId));
    expect(rows.map((r) => r.kind).sort()).toEqual(['cgi', 'web']);
  });

  it('needs code and refuses a web OAuth code', async () => {
    expect((await tokenCall(ctx, { grant_type: 'wx_cgi' })).json()).toMatchObject({
      code: 'A0410',
      msg: '请求必填参数为空：验证码',
    });
    expect(
      (await tokenCall(ctx, { grant_type: 'wx_cgi', code: (await simOauthCode(ctx, 'web-code')).code })).json().code,
    ).toBe('A0220');
  });
});

describe('disabled members', () => {
  it('refuses a disabled member signing in through WeChat with A0202', async () => {
    const res = await wxWeb((await simOauthCode(ctx, 'to-be-disabled')).code);
    const memberId = await memberIdOf(res);
    await db
      .update(members)
      .set({ status: 'disabled' })
      .where(inArray(members.id, [memberId]));
    const again = await wxWeb((await simOauthCode(ctx, 'to-be-disabled')).code);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ code: 'A0202', msg: '账号已被停用，请联系客服', data: null });
    const mp = await tokenCall(ctx, { grant_type: 'wx_cgi', code: (await simMpCode(ctx, 'to-be-disabled')).code });
    expect(mp.json().code).toBe('A0202');
  });
});

describe('audit of WeChat sign-ins', () => {
  it('keeps neither the code nor the full openid', async () => {
    const { code, openid } = await simOauthCode(ctx, 'audited');
    tokenOf(await wxWeb(code));
    await wxWeb(code.slice(0, -2) + 'xx');
    const all = JSON.stringify(await db.execute(sql`select * from audit_events`));
    expect(all).not.toContain(code);
    expect(all).not.toContain(openid);
    expect(all).toContain('signin_success');
    expect(all).toContain('"reason":"wechat"');
  });
});
