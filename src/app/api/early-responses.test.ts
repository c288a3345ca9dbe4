import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '#shared/constants.ts';
import { EARLY_FETCH_MAX_AGE_MS, startEarlyFetch, takeEarlyResponse, withEarlyResponses } from './early-responses.ts';

const answer = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
const url = (path: string) => `${window.location.origin}${path}`;

afterEach(() => {
  window.__earlyFetches = undefined;
  vi.useRealTimers();
});

describe('early answers handed to the client', () => {
  it('serves a GET to the same address with the same token once, then goes to the network', async () => {
    window.__earlyFetches = [
      {
        url: '/prod-api/x?a=1',
        auth: 'Bearer t',
        language: 'zh-CN',
        at: performance.now(),
        response: answer({ n: 1 }),
      },
    ];
    const network = vi.fn(() => answer({ n: 2 }));
    const fetch = withEarlyResponses(network);
    const first = await fetch(
      new Request(url('/prod-api/x?a=1'), { headers: { Authorization: 'Bearer t', 'Accept-Language': 'zh-CN' } }),
      {},
    );
    expect(await first.json()).toEqual({ n: 1 });
    expect(network).not.toHaveBeenCalled();
    const second = await fetch(
      new Request(url('/prod-api/x?a=1'), { headers: { Authorization: 'Bearer t', 'Accept-Language': 'zh-CN' } }),
      {},
    );
    expect(await second.json()).toEqual({ n: 2 });
  });

  it('does not serve another token, another address, another method or a stale answer', () => {
    const at = performance.now();
    window.__earlyFetches = [{ url: '/prod-api/x', auth: 'Bearer old', language: 'zh-CN', at, response: answer({}) }];
    expect(takeEarlyResponse(new Request(url('/prod-api/x'), { headers: { Authorization: 'Bearer new' } }))).toBeNull();
    expect(takeEarlyResponse(new Request(url('/prod-api/y'), { headers: { Authorization: 'Bearer old' } }))).toBeNull();
    expect(
      takeEarlyResponse(new Request(url('/prod-api/x'), { method: 'POST', headers: { Authorization: 'Bearer old' } })),
    ).toBeNull();
    window.__earlyFetches = [
      { url: '/prod-api/x', auth: null, language: 'zh-CN', at: at - EARLY_FETCH_MAX_AGE_MS - 1, response: answer({}) },
    ];
    expect(takeEarlyResponse(new Request(url('/prod-api/x'), { headers: { 'Accept-Language': 'zh-CN' } }))).toBeNull();
  });

  it('asks in the stored language, and a call in another language does not take the answer', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pl');
    const network = vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer({}));
    startEarlyFetch('/prod-api/x', null);
    const sent = new Headers(network.mock.calls[0][1]?.headers);
    expect(sent.get('Accept-Language')).toBe('pl');
    expect(takeEarlyResponse(new Request(url('/prod-api/x'), { headers: { 'Accept-Language': 'zh-CN' } }))).toBeNull();
    expect(takeEarlyResponse(new Request(url('/prod-api/x'), { headers: { 'Accept-Language': 'pl' } }))).not.toBeNull();
    network.mockRestore();
  });
});
