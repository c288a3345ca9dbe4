import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt, type JWTPayload } from 'jose';
import { WECHAT_CODE_TTL_S } from '#shared/constants.ts';
import type { Config } from '../../config.ts';
import type { WechatIdentityInput } from './repository.ts';

/**
 * What a WeChat code told the server about a new user who has not agreed to the legal documents
 * yet, handed back with A0140 so the H5 can finish the sign-in once the box is ticked, without a
 * second trip through WeChat (docs/decisions/wechat-consent-ticket.md). Sealed (JWE `dir` +
 * A256GCM): the client can neither read the openid nor change anything; it expires with the code.
 */
export interface ConsentTickets {
  seal(identity: WechatIdentityInput): Promise<string>;
  /** The identity of a ticket this service sealed and that has not expired, else null. */
  open(ticket: string): Promise<WechatIdentityInput | null>;
}

const PURPOSE = 'insure-h5 wechat consent ticket';

interface TicketClaims extends JWTPayload {
  idn: WechatIdentityInput;
}

/** The first configured key seals; every key opens by `kid` (rotation, as for access tokens). */
export function createConsentTickets(config: Pick<Config, 'jwtKeys'>): ConsentTickets {
  const keys = new Map(
    config.jwtKeys.map((k) => [k.kid, new Uint8Array(hkdfSync('sha256', k.secret, new Uint8Array(0), PURPOSE, 32))]),
  );
  const sealing = config.jwtKeys[0].kid;
  return {
    async seal(identity) {
      return new EncryptJWT({ idn: identity })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid: sealing })
        .setIssuedAt()
        .setExpirationTime(`${WECHAT_CODE_TTL_S}s`)
        .encrypt(keys.get(sealing)!);
    },
    async open(ticket) {
      try {
        const { payload } = await jwtDecrypt<TicketClaims>(
          ticket,
          (header) => {
            const key = header.kid ? keys.get(header.kid) : undefined;
            if (!key) throw new Error('unknown key');
            return key;
          },
          { keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] },
        );
        return isIdentity(payload.idn) ? payload.idn : null;
      } catch {
        return null; // expired, forged, or sealed with a key no longer configured
      }
    },
  };
}

function isIdentity(value: unknown): value is WechatIdentityInput {
  const v = value as Partial<WechatIdentityInput> | null;
  return Boolean(v && typeof v.appId === 'string' && v.kind === 'web' && typeof v.openid === 'string');
}
