import fp from 'fastify-plugin';
import helmet from 'helmet';
import { builtIndexScriptHashes } from '../lib/inline-script-hashes.ts';

/** WeChat's JS-SDK hosts (docs/domain.md#js-sdk), for a page that loads jweixin from WeChat. */
const WECHAT_SCRIPT_HOSTS = ['https://res.wx.qq.com', 'https://res2.wx.qq.com'];

/**
 * Security headers on every answer (docs/decisions.md#security-headers), with helmet:
 * - a Content-Security-Policy the H5 runs under: scripts only from this origin and WeChat's JS-SDK
 *   hosts, and the one inline script of the built index.html (the first screen's early start) by
 *   its sha256 hash, read from dist/web at start (no other inline script anywhere), styles from this origin plus inline styles (antd-mobile and
 *   the simulators' pages set them), images from anywhere over HTTPS (WeChat avatars) and from
 *   blob:/data: (previews), PDFs in a frame from blob:, no plugins (`object-src 'none'`), forms
 *   posting only here (the simulators' consent and cashier pages), and never framed
 *   (`frame-ancestors 'none'`, with X-Frame-Options DENY for old browsers);
 * - nosniff, Referrer-Policy `strict-origin-when-cross-origin`;
 * - HSTS in production only (development runs on plain HTTP).
 * The simulators are served from this origin, so the same policy covers them outside production.
 *
 * helmet's middleware is built once here: @fastify/helmet builds it again on every request
 * (parsing the policy each time), which cost a catalogue read about a fifth of its speed.
 */
export default fp(async (app) => {
  const { production } = app.config;
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...WECHAT_SCRIPT_HOSTS, ...builtIndexScriptHashes()],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Images and files of this origin may be shown by WeChat's pages of the same site.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
}, { name: 'security-headers', dependencies: ['context'] });
