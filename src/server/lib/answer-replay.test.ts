import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AnswerReplay, REPLAY_MAX_ENTRIES, type ReplayOffer } from './answer-replay.ts';

/**
 * The replay's own rules, on stand-in requests (the catalogue's HTTP tests cover it in the app):
 * which forms it keeps, its bound, and that nothing is replayed once the app closes.
 */
const raw = (url: string, headers: Record<string, string> = {}) =>
  ({ method: 'GET', url, headers, socket: { remoteAddress: '127.0.0.1' } }) as unknown as IncomingMessage;

function response() {
  const sent: { status?: number; headers?: string[]; body?: Buffer } = {};
  const res = {
    writeHead: (status: number, headers: string[]) => Object.assign(sent, { status, headers }),
    end: (body?: Buffer) => Object.assign(sent, { body }),
  } as unknown as ServerResponse;
  return { res, sent };
}

const BODY = Buffer.from('{"code":"00000"}');

/** What Fastify is about to send for a GET of `url`, through the route's onSend. */
function sending(
  replay: AnswerReplay,
  url: string,
  offer: ReplayOffer,
  opts: { status?: number; headers?: Record<string, string> } = {},
) {
  const request = { raw: raw(url) } as FastifyRequest;
  const headers = { 'content-type': 'application/json', etag: offer.etag, ...opts.headers };
  const reply = { statusCode: opts.status ?? 200, getHeaders: () => headers } as unknown as FastifyReply;
  replay.keep(request, reply, opts.status === 304 ? undefined : BODY, offer);
}
/** The same answer sent twice: from the second sighting on, a form is kept. */
function sentTwice(
  replay: AnswerReplay,
  url: string,
  offer: ReplayOffer,
  opts: { status?: number; headers?: Record<string, string> } = {},
) {
  sending(replay, url, offer, opts);
  sending(replay, url, offer, opts);
}
const serves = (replay: AnswerReplay, url: string, headers: Record<string, string> = {}) =>
  replay.serve(raw(url, headers), response().res);

/** A replay as the app makes it, with one shared (security) header allowed. */
const newReplay = () => new AnswerReplay({ sharedHeaders: ['x-content-type-options'] });

const current: ReplayOffer = { etag: 'W/"a"', isCurrent: () => true };

describe('answer replay', () => {
  it('replays a kept answer with its headers and length, and only while its offer is current', () => {
    const replay = newReplay();
    let live = true;
    sentTwice(replay, '/list', { etag: 'W/"a"', isCurrent: () => live });
    const { res, sent } = response();
    expect(replay.serve(raw('/list'), res)).toBe(true);
    expect(sent).toEqual({
      status: 200,
      headers: ['content-type', 'application/json', 'etag', 'W/"a"', 'content-length', '16'],
      body: BODY,
    });
    expect(serves(replay, '/list', { 'accept-language': 'pl' })).toBe(false);
    expect(replay.serve({ ...raw('/list'), method: 'HEAD' } as IncomingMessage, response().res)).toBe(false);
    live = false;
    expect(serves(replay, '/list')).toBe(false);
  });

  it('keeps an address only from its second sighting: one asked once (a cache-busting query) takes no place', () => {
    const replay = newReplay();
    sending(replay, '/list?_=1', current);
    expect(serves(replay, '/list?_=1')).toBe(false);
    sending(replay, '/list?_=1', current);
    expect(serves(replay, '/list?_=1')).toBe(true);
  });

  it('keeps no form carrying a header of the caller or the moment (a cookie, a request id)', () => {
    const replay = newReplay();
    sentTwice(replay, '/cookie', current, { headers: { 'set-cookie': 'session=one-visitor' } });
    sentTwice(replay, '/request-id', current, { headers: { 'x-request-id': 'req-1' } });
    sentTwice(replay, '/secured', current, {
      headers: { 'x-content-type-options': 'nosniff', vary: 'Accept-Language' },
    });
    expect(serves(replay, '/cookie')).toBe(false);
    expect(serves(replay, '/request-id')).toBe(false);
    expect(serves(replay, '/secured')).toBe(true);
  });

  it('drops the old forms when the answer under a key changes tag', () => {
    const replay = newReplay();
    sentTwice(replay, '/list', current);
    // The list changed between a request passing the replay and its answer: a 304 of the new tag.
    sending(replay, '/list', { etag: 'W/"b"', isCurrent: () => true }, { status: 304 });
    expect(serves(replay, '/list')).toBe(false);
    expect(serves(replay, '/list', { 'if-none-match': 'W/"a"' })).toBe(false);
    const { res, sent } = response();
    expect(replay.serve(raw('/list', { 'if-none-match': 'W/"b"' }), res)).toBe(true);
    expect(sent.status).toBe(304);
  });

  it(`keeps at most ${REPLAY_MAX_ENTRIES} forms, the oldest going first`, () => {
    const replay = newReplay();
    for (let i = 0; i <= REPLAY_MAX_ENTRIES; i += 1) sentTwice(replay, `/list?keyword=${i}`, current);
    expect(serves(replay, '/list?keyword=0')).toBe(false);
    expect(serves(replay, '/list?keyword=1')).toBe(true);
    expect(serves(replay, `/list?keyword=${REPLAY_MAX_ENTRIES}`)).toBe(true);
  });

  it('replays nothing once closed, and keeps nothing new', () => {
    const replay = newReplay();
    sentTwice(replay, '/list', current);
    replay.close();
    sentTwice(replay, '/list', current);
    expect(serves(replay, '/list')).toBe(false);
  });
});
