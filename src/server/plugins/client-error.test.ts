import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/helper.ts';

/**
 * Requests refused before routing (by Node's HTTP parser or the not-found handler) still get the
 * envelope `{code, msg, data}` with a catalogue code, and unknown paths are rate-limited.
 */
const ctx = await setupTestApp({ RATE_LIMIT_NOT_FOUND_PER_MIN: '5' }, { seed: false });
const { port } = new URL(ctx.url);

/** Sends raw bytes and reads the whole answer (the server closes the connection after a client error). */
function rawRequest(text: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: rest.join('\r\n\r\n') });
    });
    socket.end(text);
  });
}

describe('requests the HTTP parser refuses', () => {
  it('an over-long URL answers 431 A0431 in the envelope', async () => {
    const res = await rawRequest(`GET /prod-api/version?q=${'x'.repeat(70_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body)).toEqual({ code: 'A0431', msg: '请求网址或请求头过长', data: null });
  });

  it('too large headers answer 431 A0431 in the envelope', async () => {
    const res = await rawRequest(
      `GET /prod-api/version HTTP/1.1\r\nHost: localhost\r\nX-Junk: ${'y'.repeat(70_000)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'A0431', data: null });
  });

  it.each([
    ['a malformed request line', 'GARBAGE\r\n\r\n'],
    ['an unknown method', 'FETCH /prod-api/version HTTP/1.1\r\nHost: localhost\r\n\r\n'],
    ['a header without a colon', 'GET /prod-api/version HTTP/1.1\r\nHost localhost\r\n\r\n'],
  ])('%s answers 400 A0400 in the envelope', async (_name, text) => {
    const res = await rawRequest(text);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ code: 'A0400', msg: '请求参数错误', data: null });
  });
});

describe('unknown paths', () => {
  it('answer 404 A0404 with data null, then 429 A0429 past the per-minute limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${ctx.url}/prod-api/app-api/v1/junk-${i}`);
      const body = (await res.json()) as { code: string; data: unknown };
      expect(body.data).toBeNull();
      statuses.push(res.status);
      if (res.status === 429) expect(body.code).toBe('A0429');
    }
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
