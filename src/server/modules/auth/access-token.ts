import { SignJWT, jwtVerify, decodeProtectedHeader } from 'jose';
import type { Config } from '../../config.ts';

export interface AccessClaims {
  memberId: number;
  roles: string[];
  /** The refresh-token family (session) the token was issued to; revoking it ends the token too. */
  sessionId?: string;
}

const ISSUER = 'insure-h5';
const encoder = new TextEncoder();

/** Signs and verifies access JWTs (HS256). The first configured key signs; every key verifies by `kid`. */
export function createAccessTokens(config: Pick<Config, 'jwtKeys' | 'ACCESS_TOKEN_TTL_S'>) {
  const keys = new Map(config.jwtKeys.map((k) => [k.kid, encoder.encode(k.secret)]));
  const signing = config.jwtKeys[0];

  async function sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ roles: claims.roles, ...(claims.sessionId ? { sid: claims.sessionId } : {}) })
      .setProtectedHeader({ alg: 'HS256', kid: signing.kid })
      .setSubject(String(claims.memberId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${config.ACCESS_TOKEN_TTL_S}s`)
      .sign(keys.get(signing.kid)!);
  }

  /** Null for anything that is not a valid, unexpired token signed by a known key. */
  async function verify(token: string): Promise<AccessClaims | null> {
    try {
      const { kid } = decodeProtectedHeader(token);
      const key = kid ? keys.get(kid) : undefined;
      if (!key) return null;
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
      const memberId = Number(payload.sub);
      if (!Number.isInteger(memberId)) return null;
      const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => typeof r === 'string') : [];
      return { memberId, roles, ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}) };
    } catch {
      return null;
    }
  }

  return { sign, verify, ttlSeconds: config.ACCESS_TOKEN_TTL_S };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
