import { SignJWT, decodeJwt } from 'jose';
import { currentAgreement } from '../src/shared/consent.ts';

/*
 * What the server under test offers, asked once at the start of a run (global-setup.ts) and read
 * by every story's fixture (kit.ts): a story tagged with a need the target lacks is skipped with
 * the reason, never failed. Against a target that may be production nothing is written unless
 * E2E_WRITES=1 says so.
 */

/** The tags that say what a story needs of the target. */
export const NEED_TAGS = ['@dev-routes', '@wechat-sim', '@writes', '@demo-data', '@dev-key'] as const;
export type NeedTag = (typeof NEED_TAGS)[number];

/** For each need: offered or not, and why not. */
export type Target = { baseURL: string; ownServer: boolean } & Record<NeedTag, { offered: boolean; why: string }>;

const ENV_KEY = 'E2E_TARGET';

/** The demo accounts' password (README: demo accounts; embedded default only). */
export const DEMO_PASSWORD = 'Demo@123456';
/** The H5's public OAuth client (docs/decisions/oauth-client-and-grants.md, embedded default secret). */
export const CLIENT_BASIC = `Basic ${Buffer.from('insure-h5:insure-h5-secret').toString('base64')}`;
/** The development signing key (config.ts DEV_JWT_KEY), which a server with its own JWT_KEYS refuses. */
export const DEV_KEY = {
  kid: 'dev-1',
  secret: new TextEncoder().encode('insecure-development-signing-key-change-me-0001'),
};
export const ISSUER = 'insure-h5';

/** `true` for 1/true/yes, `false` for 0/false/no, else undefined. */
function flag(value: string | undefined): boolean | undefined {
  const v = (value ?? '').trim().toLowerCase();
  if (['1', 'true', 'yes'].includes(v)) return true;
  if (['0', 'false', 'no'].includes(v)) return false;
  return undefined;
}

async function answer(url: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (an HTML error page of a proxy): kept as text.
    }
    return { status: response.status, body };
  } catch (error) {
    return { status: 0, body: String(error) };
  }
}

const envelopeCode = (body: unknown) =>
  body && typeof body === 'object' && 'code' in body ? String((body as { code: unknown }).code) : undefined;

/**
 * Asks the target, once: the development routes (the SMS outbox answers), the WeChat simulator
 * (its test route answers), whether stories may write, the demo accounts (demo.member signs in, only
 * where writing is allowed: a sign-in is recorded) and the development signing key (a token signed
 * with it is honoured).
 */
export async function probeTarget(baseURL: string, ownServer: boolean): Promise<Target> {
  const base = baseURL.replace(/\/$/, '');
  const outbox = await answer(`${base}/prod-api/dev/sms-outbox?phoneNumber=13800000001`);
  const devRoutes = outbox.status === 200 && envelopeCode(outbox.body) === '00000';
  const simulator = await answer(`${base}/wx-sim/test/template-messages?touser=e2e-probe`);
  const wechatSim = simulator.status === 200 && typeof simulator.body === 'object';

  const asked = flag(process.env.E2E_WRITES);
  const writes = asked ?? (ownServer || devRoutes);
  const writesWhy =
    asked === false
      ? 'E2E_WRITES=0: this run only reads'
      : `${base} offers no development routes, so it may be production: stories that write run there only with E2E_WRITES=1`;

  let demo = { offered: false, why: 'demo accounts are not tried where stories may not write (a sign-in is recorded)' };
  let devKey = {
    offered: false,
    why: 'the development signing key is tried with a demo account, which this target lacks',
  };
  if (writes) {
    const signIn = await answer(`${base}/prod-api/auth/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: CLIENT_BASIC, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'member_password',
        username: 'demo.member',
        password: DEMO_PASSWORD,
        agreement: currentAgreement(),
      }),
    });
    const token = (signIn.body as { data?: { access_token?: string } } | undefined)?.data?.access_token;
    demo = token
      ? { offered: true, why: '' }
      : { offered: false, why: `${base} has no demo accounts (demo.member's sign-in answered ${signIn.status})` };
    if (token) {
      const now = Math.floor(Date.now() / 1000);
      const signed = await new SignJWT({ roles: decodeJwt(token).roles })
        .setProtectedHeader({ alg: 'HS256', kid: DEV_KEY.kid })
        .setSubject(String(decodeJwt(token).sub))
        .setIssuer(ISSUER)
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .sign(DEV_KEY.secret);
      const me = await answer(`${base}/prod-api/app-api/v1/members/me`, {
        headers: { Authorization: `Bearer ${signed}` },
      });
      devKey =
        me.status === 200
          ? { offered: true, why: '' }
          : {
              offered: false,
              why: `${base} does not honour tokens signed with the development key (its own JWT_KEYS)`,
            };
    }
  }

  return {
    baseURL: base,
    ownServer,
    '@dev-routes': devRoutes
      ? { offered: true, why: '' }
      : {
          offered: false,
          why: `${base} offers no development routes (SMS outbox, backdate, sweep, partners): GET /prod-api/dev/sms-outbox answered ${outbox.status}`,
        },
    '@wechat-sim': wechatSim
      ? { offered: true, why: '' }
      : {
          offered: false,
          why: `${base} runs no WeChat simulator (OAuth consent page, cashier, notifications): GET /wx-sim/test/template-messages answered ${simulator.status}`,
        },
    '@writes': writes ? { offered: true, why: '' } : { offered: false, why: writesWhy },
    '@demo-data': demo,
    '@dev-key': devKey,
  };
}

/** Hands the answer to the workers (they inherit the runner's environment). */
export function publishTarget(target: Target): void {
  process.env[ENV_KEY] = JSON.stringify(target);
}

/** The answer of global-setup.ts, or undefined in a process it did not run for. */
export function publishedTarget(): Target | undefined {
  const value = process.env[ENV_KEY];
  return value ? (JSON.parse(value) as Target) : undefined;
}

/** One line per need, for the start of the run. */
export function describeTarget(target: Target): string {
  const lines = NEED_TAGS.map((tag) => `  ${tag.padEnd(12)} ${target[tag].offered ? 'yes' : `no: ${target[tag].why}`}`);
  return `Stories against ${target.baseURL}${target.ownServer ? ' (started for this run)' : ''}:\n${lines.join('\n')}`;
}

/** Why a story with these tags cannot run against the target, or undefined when it can. */
export function missingNeed(target: Target, tags: readonly string[]): string | undefined {
  const missing = NEED_TAGS.filter((tag) => tags.includes(tag) && !target[tag].offered);
  return missing.length ? missing.map((tag) => `${tag}: ${target[tag].why}`).join('; ') : undefined;
}
