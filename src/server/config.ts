import { createPrivateKey, createPublicKey } from 'node:crypto';
import { z } from 'zod';
import type { NotificationKind } from '#shared/notifications.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optional = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === '' ? undefined : v), s.optional());
/** A PEM key; one-line env values may carry literal "\n" escapes. Checked by parsing it. */
const pemKey = (kind: 'PRIVATE' | 'PUBLIC') =>
  z
    .string()
    .transform((v) => `${v.replace(/\\n/g, '\n').trim()}\n`)
    .refine((v) => {
      try {
        if (!v.includes(`${kind} KEY-----`)) return false;
        (kind === 'PRIVATE' ? createPrivateKey : createPublicKey)(v);
        return true;
      } catch {
        return false;
      }
    }, `not a PEM ${kind.toLowerCase()} key`);

/**
 * Configuration from environment variables, validated at start. Every key is documented in
 * README.md and .env.example. Empty strings count as unset.
 */
const ConfigSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'test', 'production'])),
  PRODUCTION: optional(bool).default(false),
  PORT: optional(z.coerce.number().int().min(0).max(65535)).default(8080),
  HOST: optional(z.string()).default('127.0.0.1'),
  PUBLIC_URL: optional(z.url()),
  DATA_DIR: optional(z.string()).default('./data'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')),
  SEED_DEMO: optional(bool),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).default('info'),
  ACCESS_TOKEN_TTL_S: optional(z.coerce.number().int().min(30)).default(7200),
  REFRESH_TOKEN_TTL_S: optional(z.coerce.number().int().min(60)).default(30 * 24 * 3600),
  /** `kid:secret` pairs, comma-separated; the first signs, all verify (key rotation). */
  JWT_KEYS: optional(
    z.string().regex(/^[\w.-]+:.{32,}(,[\w.-]+:.{32,})*$/, 'kid:secret pairs, secrets of 32+ characters'),
  ),
  OAUTH_CLIENT_SECRET: optional(z.string().min(8)),
  /** The development routes under /prod-api/dev (outboxes, backdating, the sweep now): off unless asked for. */
  DEV_ROUTES: optional(bool).default(false),
  /** The local WeChat and WeChat Pay simulators under /wx-sim: off unless asked for. */
  WECHAT_SIMULATOR: optional(bool).default(false),
  /** Base URLs of the WeChat APIs; empty means this server's own simulator. */
  WECHAT_API_BASE: optional(z.url()),
  WECHAT_OPEN_BASE: optional(z.url()),
  WECHAT_OA_APPID: optional(z.string()).default('wx0a0a0a0a0a0a0a0a'),
  WECHAT_OA_SECRET: optional(z.string()),
  WECHAT_MP_APPID: optional(z.string()).default('wx0b0b0b0b0b0b0b0b'),
  WECHAT_MP_SECRET: optional(z.string()),
  /**
   * Official-account template ids of the WeChat notifications, one per kind (docs/decisions/wechat-notification-choice.md).
   * Outside production the simulator's own ids are the default; in production an unset one switches that kind off.
   */
  WECHAT_TEMPLATE_PAYMENT: optional(z.string().regex(/^[\w-]{1,64}$/, 'a template id')),
  WECHAT_TEMPLATE_POLICY: optional(z.string().regex(/^[\w-]{1,64}$/, 'a template id')),
  WECHAT_TEMPLATE_CLAIM: optional(z.string().regex(/^[\w-]{1,64}$/, 'a template id')),
  WECHAT_TEMPLATE_REFUND: optional(z.string().regex(/^[\w-]{1,64}$/, 'a template id')),
  WECHAT_TEMPLATE_REMINDER: optional(z.string().regex(/^[\w-]{1,64}$/, 'a template id')),
  /** WeChat Pay v3: empty base = this server's simulator; empty keys outside production = generated simulator keys. */
  WECHAT_PAY_BASE: optional(z.url()),
  WECHAT_PAY_MCHID: optional(z.string().regex(/^\d{6,32}$/, 'digits')),
  WECHAT_PAY_APPID: optional(z.string()),
  WECHAT_PAY_MERCHANT_KEY: optional(pemKey('PRIVATE')),
  WECHAT_PAY_MERCHANT_SERIAL: optional(z.string().regex(/^[0-9A-Fa-f]{8,64}$/, 'hex certificate serial number')),
  WECHAT_PAY_APIV3_KEY: optional(z.string().regex(/^[\x21-\x7e]{32}$/, '32 ASCII characters')),
  WECHAT_PAY_PUBLIC_KEY: optional(pemKey('PUBLIC')),
  WECHAT_PAY_PUBLIC_KEY_ID: optional(z.string().regex(/^PUB_KEY_ID_\w+$/, 'PUB_KEY_ID_…')),
  /** Where WeChat Pay posts payment results; default PUBLIC_URL (or, with the own simulator, this server) + /prod-api/app-api/v1/pay/notify. */
  WECHAT_PAY_NOTIFY_URL: optional(z.url({ protocol: /^https?$/ })),
  /** Minutes an unpaid order may be paid before it is closed. */
  ORDER_PAY_TIMEOUT_MIN: optional(z.coerce.number().int().min(1).max(1440)).default(30),
  /** Seconds between runs of the job that closes expired unpaid orders. */
  ORDER_SWEEP_INTERVAL_S: optional(z.coerce.number().int().min(5).max(3600)).default(60),
  /** Seconds between looks at the WeChat notification outbox (cheap: an indexed claim that usually matches nothing). */
  NOTIFICATION_SEND_INTERVAL_S: optional(z.coerce.number().int().min(1).max(3600)).default(5),
  /** Seconds between looks for payments with no result to ask WeChat Pay about (each order is asked with a growing wait). */
  PAYMENT_QUERY_INTERVAL_S: optional(z.coerce.number().int().min(1).max(3600)).default(10),
  SMS_PROVIDER_URL: optional(z.url()),
  SMS_PROVIDER_KEY: optional(z.string()),
  /** HTTP mail API for invoice mails (JSON with base64 attachments); empty = the development outbox (refused in production). */
  MAIL_PROVIDER_URL: optional(z.url({ protocol: /^https?$/ })),
  MAIL_PROVIDER_KEY: optional(z.string()),
  MAIL_FROM: optional(z.email()).default('invoice@insure.example.com'),
  /** S3-compatible object storage for uploads: the bucket's base URL; empty = `${DATA_DIR}/uploads`. */
  STORAGE_S3_URL: optional(z.url({ protocol: /^https?$/ })),
  STORAGE_S3_REGION: optional(z.string()).default('us-east-1'),
  STORAGE_S3_ACCESS_KEY_ID: optional(z.string()),
  STORAGE_S3_SECRET_ACCESS_KEY: optional(z.string()),
  RATE_LIMIT_SIGNIN_PER_MIN: optional(z.coerce.number().int().min(1)).default(10),
  /** SMS code requests one IP address may make in an hour (each costs money and may annoy a stranger). */
  RATE_LIMIT_SMS_PER_HOUR: optional(z.coerce.number().int().min(1)).default(20),
  RATE_LIMIT_QUOTE_PER_MIN: optional(z.coerce.number().int().min(1)).default(300),
  /** Answers to unknown paths per IP per minute: the cheapest path for a flood of junk. */
  RATE_LIMIT_NOT_FOUND_PER_MIN: optional(z.coerce.number().int().min(1)).default(300),
  TRUST_PROXY: optional(bool).default(false),
  /** Where the Prometheus metrics are served (`GET /metrics`); unset = not served. Never the public port. */
  METRICS_PORT: optional(z.coerce.number().int().min(0).max(65535)),
  /** The metrics listener's address; default HOST. */
  METRICS_HOST: optional(z.string()),
  /** Milliseconds each readiness check (database, migrations, change feed) may take before it counts as down. */
  READY_CHECK_TIMEOUT_MS: optional(z.coerce.number().int().min(50).max(30_000)).default(1000),
  /** Shed load (503) while the event loop lags more than this many milliseconds on average; 0 = never. */
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: optional(z.coerce.number().int().min(0)).default(1000),
  /** Shed load (503) while the V8 heap in use exceeds this many MB; default 90 % of the heap's limit. */
  PRESSURE_MAX_HEAP_USED_MB: optional(z.coerce.number().int().min(1)),
  /**
   * Seconds an instance may reuse a "session still live" answer should the notice of a logout from
   * another instance never arrive (it normally arrives within milliseconds): the fallback bound.
   */
  SESSION_CACHE_S: optional(z.coerce.number().int().min(0).max(3600)).default(10),
});

export type Config = z.infer<typeof ConfigSchema> & {
  production: boolean;
  seedDemo: boolean;
  /** The development routes are registered (DEV_ROUTES=true, never in production). */
  devRoutes: boolean;
  /** The WeChat simulators are registered (WECHAT_SIMULATOR=true, never in production). */
  wechatSimulator: boolean;
  jwtKeys: { kid: string; secret: string }[];
  oauthClientSecret: string;
  wechatOaSecret: string;
  wechatMpSecret: string;
  wechatPayMchid: string;
  wechatPayAppId: string;
  /** Template id per notification kind; a kind without one is not sent. */
  wechatTemplateIds: Partial<Record<NotificationKind, string>>;
};

export class ConfigError extends Error {}

const DEV_JWT_KEY = 'dev-1:insecure-development-signing-key-change-me-0001';

/** The simulator's template ids (development and tests): what its official account has registered. */
export const SIMULATOR_TEMPLATE_IDS: Record<NotificationKind, string> = {
  payment: 'sim-tmpl-payment-received',
  policy: 'sim-tmpl-policy-issued',
  claim: 'sim-tmpl-claim-progress',
  refund: 'sim-tmpl-refund-finished',
  reminder: 'sim-tmpl-policy-reminder',
};

function templateIds(c: z.infer<typeof ConfigSchema>, production: boolean): Partial<Record<NotificationKind, string>> {
  const configured = {
    payment: c.WECHAT_TEMPLATE_PAYMENT,
    policy: c.WECHAT_TEMPLATE_POLICY,
    claim: c.WECHAT_TEMPLATE_CLAIM,
    refund: c.WECHAT_TEMPLATE_REFUND,
    reminder: c.WECHAT_TEMPLATE_REMINDER,
  };
  const ids: Partial<Record<NotificationKind, string>> = {};
  for (const kind of Object.keys(configured) as NotificationKind[]) {
    const id = configured[kind] ?? (production ? undefined : SIMULATOR_TEMPLATE_IDS[kind]);
    if (id) ids[kind] = id;
  }
  return ids;
}

/** Parses the environment; throws a ConfigError naming every bad key. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const production = c.PRODUCTION || c.NODE_ENV === 'production';
  const missing: string[] = [];
  if (production) {
    for (const key of [
      'JWT_KEYS',
      'OAUTH_CLIENT_SECRET',
      'WECHAT_OA_SECRET',
      'WECHAT_MP_SECRET',
      'DATABASE_URL',
    ] as const) {
      if (!c[key]) missing.push(`  - ${key}: required in production`);
    }
    for (const key of [
      'WECHAT_PAY_MCHID',
      'WECHAT_PAY_MERCHANT_KEY',
      'WECHAT_PAY_MERCHANT_SERIAL',
      'WECHAT_PAY_APIV3_KEY',
      'WECHAT_PAY_PUBLIC_KEY',
      'WECHAT_PAY_PUBLIC_KEY_ID',
    ] as const) {
      if (!c[key]) missing.push(`  - ${key}: required in production`);
    }
    if (c.WECHAT_SIMULATOR) missing.push('  - WECHAT_SIMULATOR: the WeChat simulator is refused in production');
    if (c.DEV_ROUTES) missing.push('  - DEV_ROUTES: the development routes are refused in production');
    if (c.SEED_DEMO) missing.push('  - SEED_DEMO: demo data is never seeded in production');
  }
  if (missing.length) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
  const jwtKeys = (c.JWT_KEYS ?? DEV_JWT_KEY).split(',').map((pair) => {
    const at = pair.indexOf(':');
    return { kid: pair.slice(0, at), secret: pair.slice(at + 1) };
  });
  return {
    ...c,
    production,
    // Demo data belongs to the embedded default only: PGlite, not production.
    seedDemo: !production && (c.SEED_DEMO ?? !c.DATABASE_URL),
    // Both opt-in: a deployment that forgets PRODUCTION still exposes neither.
    devRoutes: !production && c.DEV_ROUTES,
    wechatSimulator: !production && c.WECHAT_SIMULATOR,
    jwtKeys,
    oauthClientSecret: c.OAUTH_CLIENT_SECRET ?? 'insure-h5-secret',
    wechatOaSecret: c.WECHAT_OA_SECRET ?? 'simulator-oa-secret',
    wechatMpSecret: c.WECHAT_MP_SECRET ?? 'simulator-mp-secret',
    wechatPayMchid: c.WECHAT_PAY_MCHID ?? '1900000001',
    wechatPayAppId: c.WECHAT_PAY_APPID ?? c.WECHAT_OA_APPID,
    wechatTemplateIds: templateIds(c, production),
  };
}
