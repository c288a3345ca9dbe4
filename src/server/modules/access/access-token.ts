import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Config } from '../../config.ts';

export interface AccessClaims {
  memberId: number;
  roles: string[];
  /** The refresh-token family (session) the token was issued to; revoking it ends the token too. */
  sessionId?: string;
}

const ISSUER = 'insure-h5';
/** Verified tokens remembered (about 400 bytes each); the oldest go first. */
const VERIFIED_MAX = 10_000;

/**
 * Signs and verifies access JWTs (HS256). The first configured key signs; every key verifies by `kid`
 * (rotation). Both are node:crypto HMAC with each key made once (docs/decisions/access-tokens-hmac.md):
 * WebCrypto through jose re-imports the key per call and costs about 15× as much, which was a
 * seventh of a WeChat sign-in's CPU time. The tokens are those jose made (same header, same claims
 * in the same order); the tests verify them with jose.
 */
export function createAccessTokens(config: Pick<Config, 'jwtKeys' | 'ACCESS_TOKEN_TTL_S'>) {
  const keys = new Map<string, KeyObject>(
    config.jwtKeys.map((k) => [k.kid, createSecretKey(Buffer.from(k.secret, 'utf8'))]),
  );
  const signing = config.jwtKeys[0];

  const signingKey = keys.get(signing.kid)!;
  const headerPart = Buffer.from(JSON.stringify({ alg: 'HS256', kid: signing.kid })).toString('base64url');

  async function sign(claims: AccessClaims): Promise<string> {
    const iat = Math.floor(Date.now() / 1000);
    const payload = {
      roles: claims.roles,
      ...(claims.sessionId ? { sid: claims.sessionId } : {}),
      sub: String(claims.memberId),
      iss: ISSUER,
      iat,
      exp: iat + config.ACCESS_TOKEN_TTL_S,
    };
    const signed = `${headerPart}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${signed}.${createHmac('sha256', signingKey).update(signed).digest('base64url')}`;
  }

  // A member's calls repeat one token for up to its lifetime: a token that verified is remembered
  // with its expiry, so a repeat costs a map lookup instead of an HMAC and two JSON parses. The
  // answer depends only on the token, the keys and the clock; revocation is checked elsewhere.
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();

  /** Null for anything that is not a valid, unexpired token signed by a known key. */
  async function verify(token: string, nowS = Math.floor(Date.now() / 1000)): Promise<AccessClaims | null> {
    const hit = verified.get(token);
    if (hit) return hit.exp > nowS ? hit.claims : null;
    const result = verifyCompact(keys, token, nowS);
    if (!result) return null;
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, result);
    return result.claims;
  }

  return { sign, verify, ttlSeconds: config.ACCESS_TOKEN_TTL_S };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The checks jose's jwtVerify makes for these tokens (RFC 7515/7519): HS256 only, a known `kid`, no
 * `crit` extensions, a signature compared in constant time, the issuer, `exp` in the future, `nbf`
 * (if any) reached and numeric `iat`.
 */
function verifyCompact(
  keys: Map<string, KeyObject>,
  token: string,
  nowS: number,
): { claims: AccessClaims; exp: number } | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) return null;
  const [headerPart, payloadPart, signaturePart] = parts;
  const header = decodeJson(headerPart);
  if (
    !header ||
    header.alg !== 'HS256' ||
    header.crit !== undefined ||
    header.b64 !== undefined ||
    typeof header.kid !== 'string'
  )
    return null;
  const key = keys.get(header.kid);
  if (!key) return null;
  const expected = createHmac('sha256', key).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = decodeJson(payloadPart);
  if (!payload || payload.iss !== ISSUER) return null;
  if (typeof payload.exp !== 'number' || payload.exp <= nowS) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > nowS)) return null;
  if (payload.iat !== undefined && typeof payload.iat !== 'number') return null;
  const memberId = Number(payload.sub);
  if (typeof payload.sub !== 'string' || !Number.isInteger(memberId)) return null;
  const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => typeof r === 'string') : [];
  // Frozen: one verified token's claims are shared by all its requests.
  const claims = Object.freeze({
    memberId,
    roles: Object.freeze(roles) as string[],
    ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
  });
  return { claims, exp: payload.exp };
}
