import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AnswerReplay, REPLAY_MAX_ENTRIES, type ReplayOffer } from './answer-replay.ts';

/**
 * The replay's own rules, on stand-in requests (the catalogue's HTTP tests cover it in the app):
 * its bound, and that nothing is replayed once the app closes.
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

function offerAnswer(replay: AnswerReplay, url: string, offer: ReplayOffer, body = Buffer.from('{"code":"00000"}')) {
  const request = { raw: raw(url) } as FastifyRequest;
  const reply = { statusCode: 200, getHeaders: () => ({ 'content-type': 'application/json', etag: offer.etag }) } as unknown as FastifyReply;
  replay.keep(request, reply, body, offer);
}

const current: ReplayOffer = { etag: 'W/"a"', isCurrent: () => true };

describe('answer replay', () => {
  it('replays a kept answer with its headers and length, and only while its offer is current', () => {
    const replay = new AnswerReplay();
    let live = true;
    offerAnswer(replay, '/list', { etag: 'W/"a"', isCurrent: () => live });
    const { res, sent } = response();
    expect(replay.serve(raw('/list'), res)).toBe(true);
    expect(sent).toEqual({ status: 200, headers: ['content-type', 'application/json', 'etag', 'W/"a"', 'content-length', '16'], body: Buffer.from('{"code":"00000"}') });
    expect(replay.serve(raw('/list', { 'accept-language': 'pl' }), response().res)).toBe(false);
    expect(replay.serve({ ...raw('/list'), method: 'HEAD' } as IncomingMessage, response().res)).toBe(false);
    live = false;
    expect(replay.serve(raw('/list'), response().res)).toBe(false);
  });

  it(`keeps at most ${REPLAY_MAX_ENTRIES} forms: a flood of distinct addresses empties it, never grows it`, () => {
    const replay = new AnswerReplay();
    for (let i = 0; i < REPLAY_MAX_ENTRIES; i += 1) offerAnswer(replay, `/list?keyword=${i}`, current);
    expect(replay.serve(raw('/list?keyword=0'), response().res)).toBe(true);
    offerAnswer(replay, '/list?keyword=one-more', current);
    expect(replay.serve(raw('/list?keyword=0'), response().res)).toBe(false);
    expect(replay.serve(raw('/list?keyword=one-more'), response().res)).toBe(true);
  });

  it('replays nothing once closed, and keeps nothing new', () => {
    const replay = new AnswerReplay();
    offerAnswer(replay, '/list', current);
    replay.close();
    offerAnswer(replay, '/list', current);
    expect(replay.serve(raw('/list'), response().res)).toBe(false);
  });
});
