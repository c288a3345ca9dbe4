import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-token.ts';

/** Access tokens are verified with node:crypto HMAC; these are the forgeries it must refuse. */
const OLD = { kid: 'k2025', secret: 'an-older-secret-of-at-least-32-characters' };
const NEW = { kid: 'k2026', secret: 'the-current-secret-of-at-least-32-characters' };
const tokens = createAccessTokens({ jwtKeys: [NEW, OLD], ACCESS_TOKEN_TTL_S: 7200 });
const claims = { memberId: 42, roles: ['member', 'partner'], sessionId: 'f0f0f0f0-0000-4000-8000-000000000001' };
const key = (secret: string) => new TextEncoder().encode(secret);

function forged(
  opts: {
    kid?: string;
    secret?: string;
    issuer?: string;
    expiresIn?: string | number;
    sub?: string;
    header?: Record<string, unknown>;
  } = {},
) {
  const jwt = new SignJWT({ roles: ['member'], sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', kid: opts.kid ?? NEW.kid, ...opts.header })
    .setSubject(opts.sub ?? '42')
    .setIssuer(opts.issuer ?? 'insure-h5')
    .setIssuedAt()
    .setExpirationTime(opts.expiresIn ?? '2h');
  return jwt.sign(key(opts.secret ?? NEW.secret));
}

/** A token signed by hand with the right key, with any header. */
function handMade(header: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part(header)}.${part({ sub: '42', roles: ['member'], iss: 'insure-h5', exp: Math.floor(Date.now() / 1000) + 60 })}`;
  return `${body}.${createHmac(header.alg === 'HS512' ? 'sha512' : 'sha256', NEW.secret)
    .update(body)
    .digest('base64url')}`;
}

describe('access tokens', () => {
  it('verifies what it signs, with the member, roles and session', async () => {
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('signs standard HS256 JWTs: jose verifies them with the key, kid, issuer and expiry', async () => {
    const token = await tokens.sign(claims);
    const { payload, protectedHeader } = await jwtVerify(token, key(NEW.secret), {
      issuer: 'insure-h5',
      algorithms: ['HS256'],
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', kid: NEW.kid });
    expect(payload).toMatchObject({ sub: '42', roles: claims.roles, sid: claims.sessionId });
    expect(payload.exp! - payload.iat!).toBe(7200);
    await expect(jwtVerify(token, key(OLD.secret))).rejects.toThrow();
  });

  it('still accepts a token of an older key listed for rotation, by its kid', async () => {
    const old = createAccessTokens({ jwtKeys: [OLD], ACCESS_TOKEN_TTL_S: 7200 });
    expect(await tokens.verify(await old.sign(claims))).toEqual(claims);
    expect(await tokens.verify(await forged({ kid: OLD.kid, secret: OLD.secret }))).toMatchObject({ memberId: 42 });
  });

  it('refuses a token expired a second ago, or not valid yet', async () => {
    const token = await tokens.sign(claims);
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp: number };
    expect(await tokens.verify(token, exp - 1)).not.toBeNull();
    expect(await tokens.verify(token, exp)).toBeNull();
    expect(await tokens.verify(await forged({ expiresIn: Math.floor(Date.now() / 1000) - 1 }))).toBeNull();
    const early = await new SignJWT({ roles: [] })
      .setProtectedHeader({ alg: 'HS256', kid: NEW.kid })
      .setSubject('42')
      .setIssuer('insure-h5')
      .setNotBefore('1h')
      .setExpirationTime('2h')
      .sign(key(NEW.secret));
    expect(await tokens.verify(early)).toBeNull();
  });

  it('refuses forgeries: another secret, an unknown kid, another issuer, a changed payload, alg none', async () => {
    expect(await tokens.verify(await forged({ secret: 'someone-elses-secret-of-32-characters!!' }))).toBeNull();
    expect(await tokens.verify(await forged({ kid: 'k1999' }))).toBeNull();
    expect(await tokens.verify(await forged({ issuer: 'evil' }))).toBeNull();
    expect(await tokens.verify(await forged({ sub: 'admin' }))).toBeNull();
    expect(await tokens.verify(handMade({ alg: 'HS256', kid: NEW.kid, crit: ['x'], x: 1 }))).toBeNull();
    expect(await tokens.verify(handMade({ alg: 'HS512', kid: NEW.kid }))).toBeNull();
    expect(await tokens.verify(handMade({ alg: 'HS256', kid: NEW.kid }))).toMatchObject({ memberId: 42 });

    const [header, , signature] = (await tokens.sign(claims)).split('.');
    const payload = Buffer.from(
      JSON.stringify({ sub: '1', roles: ['channel'], iss: 'insure-h5', exp: 9_999_999_999 }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${payload}.${signature}`)).toBeNull();
    const none = new UnsecuredJWT({ roles: ['channel'] })
      .setSubject('1')
      .setIssuer('insure-h5')
      .setExpirationTime('2h')
      .encode();
    expect(await tokens.verify(none)).toBeNull();
  });

  it('refuses what is not a token at all', async () => {
    for (const junk of [
      '',
      'x',
      'x.y.z',
      'a.b',
      '...',
      'e30.e30.',
      `${'a'.repeat(10)}.${'b'.repeat(10)}.${'c'.repeat(43)}`,
      'é.é.é',
    ]) {
      expect(await tokens.verify(junk)).toBeNull();
    }
  });
});
