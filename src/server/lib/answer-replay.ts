import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { matchesTag } from './entity-tag.ts';

/**
 * Answers that are the same for every caller, replayed in front of the framework
 * (docs/decisions.md#answer-replay): the catalogue a campaign link sends thousands of visitors to.
 *
 * A route offers an answer it serves from its own cache; when Fastify sends it, what goes out
 * (status, every header but Date, the encoded bytes) is kept under the request's address and the
 * two headers such an answer varies on. A later request with the same three is answered from that
 * form straight from the HTTP server — no routing, hooks, request logger or reply pipeline, which
 * cost more than the answer itself — for as long as the route says the offered answer is still its
 * current one: a replayed answer is exactly as fresh as the route's cache (on every instance, the
 * change feed's bound). Anything else goes to Fastify as before.
 */

/** Kept forms at most; when full, the oldest goes. */
export const REPLAY_MAX_ENTRIES = 256;
/** Keys seen once, remembered so that the second sighting is kept; emptied when full. */
const MAX_SEEN_ONCE = 1_024;
/** A longer address plus headers (in characters) is never kept. */
const MAX_KEY_LENGTH = 1_024;

/**
 * The headers that describe an answer itself. A kept form may carry only these and the shared
 * headers the app names (its security headers, the same for every request to an address); a form
 * with any other (a cookie, a request id, a rate-limit count a hook added) is not kept, so nothing
 * one request was given can be replayed to another.
 */
const CONTENT_HEADERS = ['content-type', 'content-encoding', 'content-length', 'etag', 'cache-control', 'vary'];

/** What a route offers with an answer it may have replayed: its tag and whether it is still current. */
export interface ReplayOffer {
  etag: string;
  isCurrent: () => boolean;
}

interface Form {
  status: number;
  /** Names and values in one list, as Node's writeHead takes them. */
  headers: string[];
  body: Buffer | undefined;
}

interface Entry {
  offer: ReplayOffer;
  ok?: Form;
  notModified?: Form;
}

/** Only a GET without a body: the address and the headers the offered answers vary on. */
function replayKey(req: IncomingMessage): string | null {
  if (req.method !== 'GET' || req.url === undefined || req.url.length > MAX_KEY_LENGTH) return null;
  const { headers } = req;
  if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return null;
  const key = `${req.url}\n${headers['accept-language'] ?? ''}\n${headers['accept-encoding'] ?? ''}`;
  return key.length <= MAX_KEY_LENGTH ? key : null;
}

export class AnswerReplay {
  private readonly entries = new Map<string, Entry>();
  /** The headers a kept form may carry (CONTENT_HEADERS and the app's shared ones). */
  private readonly answerHeaderNames: ReadonlySet<string>;
  private readonly seenOnce = new Set<string>();
  private open = true;
  private log: FastifyBaseLogger | undefined;
  private trustProxy = false;

  constructor(opts: { sharedHeaders: Iterable<string> }) {
    this.answerHeaderNames = new Set([...CONTENT_HEADERS, ...opts.sharedHeaders]);
  }

  /**
   * Fastify's serverFactory: its HTTP server, with the replay answering first. Plain HTTP only
   * (TLS and HTTP/2 end at the proxy, docs/decisions.md#several-instances); given a host name,
   * it listens on the first address the name resolves to (Fastify's own server listens on each).
   */
  readonly serverFactory = (
    handler: RequestListener,
    options: FastifyServerOptions & { http?: ServerOptions | null; https?: unknown; http2?: boolean },
  ): Server => {
    if (options.https || options.http2)
      throw new Error('the answer replay serves plain HTTP/1.1: TLS and HTTP/2 end at the proxy');
    const server = createServer(options.http ?? {}, (req, res) => {
      if (!this.serve(req, res)) handler(req, res);
    });
    // The rest of what Fastify sets on a server it makes itself (its defaults are in `options` by now).
    server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
    server.requestTimeout = options.requestTimeout ?? 0;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  /** The logger of replayed answers (the app's), and no replay once the app starts closing. */
  attach(
    app: { log: FastifyBaseLogger; addHook: (name: 'preClose', hook: () => Promise<void>) => unknown },
    opts: { trustProxy: boolean },
  ): void {
    this.log = app.log;
    this.trustProxy = opts.trustProxy;
    // Closing, Fastify answers 503 so the proxy goes elsewhere: replayed answers must not say 200.
    app.addHook('preClose', async () => this.close());
  }

  /** Answers a request from a kept form; false when Fastify must answer it. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.open || this.entries.size === 0) return false;
    const key = replayKey(req);
    if (key === null) return false;
    const entry = this.entries.get(key);
    if (!entry) return false;
    // A stale form stays until Fastify's answer to this request replaces it (another tag).
    if (!entry.offer.isCurrent()) return false;
    const form = matchesTag(req.headers['if-none-match'], entry.offer.etag) ? entry.notModified : entry.ok;
    if (!form) return false;
    const started = performance.now();
    res.writeHead(form.status, form.headers);
    res.end(form.body);
    this.logAnswer(req, form.status, started);
    return true;
  }

  /**
   * In the offering route's onSend: keeps the form Fastify is about to send (a 200 with its bytes,
   * or a 304) for the request's key, from the key's second sighting on (an address asked once,
   * such as a cache-busting query, never takes a place).
   */
  keep(request: FastifyRequest, reply: FastifyReply, payload: unknown, offer: ReplayOffer): void {
    const key = replayKey(request.raw);
    const status = reply.statusCode;
    if (!this.open || key === null || (status !== 200 && status !== 304)) return;
    const body = status === 200 ? payload : undefined;
    if (status === 200 && !Buffer.isBuffer(body)) return; // a form the framework would still encode
    const headers = this.answerHeaders(reply);
    if (headers === null) return;
    if (Buffer.isBuffer(body)) headers.push('content-length', String(body.length));
    let entry = this.entries.get(key);
    if (!entry && !this.secondSighting(key)) return;
    // Another tag is another answer: none of the old one's forms may go with it.
    if (!entry || entry.offer.etag !== offer.etag) {
      if (!entry && this.entries.size >= REPLAY_MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      entry = { offer };
      this.entries.set(key, entry);
    }
    // The same tag is the same bytes: the newest offer says from now on whether they are current.
    entry.offer = offer;
    entry[status === 200 ? 'ok' : 'notModified'] = { status, headers, body: Buffer.isBuffer(body) ? body : undefined };
  }

  close(): void {
    this.open = false;
    this.entries.clear();
    this.seenOnce.clear();
  }

  /** The form's headers as writeHead takes them, or null when one of them is not the answer's own. */
  private answerHeaders(reply: FastifyReply): string[] | null {
    const headers: string[] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined) continue;
      if (!this.answerHeaderNames.has(name.toLowerCase())) return null;
      for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
    }
    return headers;
  }

  private secondSighting(key: string): boolean {
    if (this.seenOnce.delete(key)) return true;
    if (this.seenOnce.size >= MAX_SEEN_ONCE) this.seenOnce.clear();
    this.seenOnce.add(key);
    return false;
  }

  /** The access log line Fastify would have written at `info` (the serializers make it the same shape). */
  private logAnswer(req: IncomingMessage, statusCode: number, started: number): void {
    const log = this.log as (FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean }) | undefined;
    // pino's check; Fastify's logger when logging is off has none (and logs nothing).
    if (!log?.isLevelEnabled?.('info')) return;
    log.info(
      {
        req: { method: req.method, url: req.url, ip: this.clientAddress(req), headers: req.headers },
        res: { statusCode },
        responseTime: performance.now() - started,
        replayed: true,
      },
      'request completed',
    );
  }

  /** The caller's address as Fastify's `request.ip` gives it (TRUST_PROXY trusts every hop). */
  private clientAddress(req: IncomingMessage): string | undefined {
    const forwarded = this.trustProxy ? req.headers['x-forwarded-for'] : undefined;
    const first = typeof forwarded === 'string' ? forwarded.split(',')[0].trim() : '';
    return first || req.socket.remoteAddress;
  }
}
