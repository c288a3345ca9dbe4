import fp from 'fastify-plugin';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import * as paths from '#shared/api-paths.ts';
import { API_PREFIX } from '#shared/constants.ts';
import { H5_ASSETS_BASE } from '../lib/site-paths.ts';
import { builtIndexScriptHashes } from '../lib/inline-script-hashes.ts';

/** WeChat's JS-SDK hosts (docs/domain.md#js-sdk), for a page that loads jweixin from WeChat. */
const WECHAT_SCRIPT_HOSTS = ['https://res.wx.qq.com', 'https://res2.wx.qq.com'];

/**
 * Security headers on every answer (docs/decisions/security-headers.md), with helmet:
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
 * The H5's hashed files (`/assets/…`: scripts, styles, images) get only what applies to a
 * subresource: nosniff, the Cross-Origin-Resource-Policy and HSTS. A policy, framing or referrer
 * header on a script is never read by the browser, and on the reference phone profile the ~0.7 KB
 * they added to each of a first screen's dozen files cost ~40 ms of download (docs/decisions/api-and-asset-headers.md).
 *
 * The API's answers (`/prod-api/…` but its reference page: JSON, and the files the H5 fetches)
 * get the set OWASP's REST Security Cheat Sheet names for every API response: a policy that lets
 * nothing load and nothing frame the answer (`default-src 'none'; frame-ancestors 'none'`, stricter
 * than the page's, should an answer ever be opened as a document), X-Frame-Options DENY, nosniff,
 * HSTS, and the Cross-Origin-Resource-Policy. helmet's other headers (opener and agent-cluster
 * isolation, DNS prefetch, download and Flash/PDF policy files, the old XSS filter, referrer)
 * govern what a document does, and a fetch() answer is never one; they were half the bytes of a
 * catalogue answer's head (in a micro-benchmark, a bare route answering 2.3 KB lost a sixth of its
 * throughput to the eleven headers; docs/decisions/api-and-asset-headers.md).
 *
 * helmet's headers do not depend on the request, so its middleware runs once, at start, on a
 * stand-in response, and every request gets the headers it set as one prepared object:
 * @fastify/helmet built the middleware again on every request (parsing the policy each time),
 * and even built once its twelve steps each set a header on the raw response, which Node checks
 * again when Fastify writes the head — together about a fifth of a catalogue read.
 */
/** The headers a browser reads on a script, style or image. */
const SUBRESOURCE_HEADERS = new Set([
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
]);
/** The API's answers: OWASP's REST set (the policy itself is API_POLICY). */
const API_HEADERS = new Set([...SUBRESOURCE_HEADERS, 'x-frame-options']);
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
const API_BASE = `${API_PREFIX}/`;
const API_REFERENCE = paths.system.apiReference.route;

const pick = (headers: Record<string, string>, names: Set<string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => names.has(name)));

/** Which set an address gets: two prefix checks per request. */
function isApiAnswer(url: string): boolean {
  return url.startsWith(API_BASE) && !url.startsWith(API_REFERENCE);
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** The headers a middleware sets on a response (helmet's only set or remove headers). */
function headersOf(middleware: Middleware): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  return new Promise((resolve, reject) => {
    middleware({} as IncomingMessage, res as unknown as ServerResponse, (error) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(headers),
    );
  });
}

export default fp(
  async (app) => {
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
    const headers = await headersOf(setHeaders);
    const assetHeaders = pick(headers, SUBRESOURCE_HEADERS);
    const apiHeaders = { ...pick(headers, API_HEADERS), 'content-security-policy': API_POLICY };
    app.addHook('onRequest', (request, reply, done) => {
      const { url } = request;
      reply.headers(url.startsWith(H5_ASSETS_BASE) ? assetHeaders : isApiAnswer(url) ? apiHeaders : headers);
      done();
    });
  },
  { name: 'security-headers', dependencies: ['context'] },
);
