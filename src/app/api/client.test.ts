import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '#shared/constants.ts';
import { languageAtom } from '../i18n/index.ts';
import { tokenAtom } from '../session/atoms.ts';
import { envelope, fakeFetch, json } from '../test/fake-fetch.ts';
import { onCallFailure } from './call-failures.ts';
import { ApiError, createApiClient, unwrap } from './client.ts';

function setup(handler: Parameters<typeof fakeFetch>[0]) {
  const store = createStore();
  store.set(tokenAtom, 'Bearer access-1');
  const notify = vi.fn<(message: string) => void>();
  const fake = fakeFetch(handler);
  const client = createApiClient({ store, fetch: fake.fetch, notify });
  return { store, notify, client, calls: fake.calls };
}

describe('envelope handling (spec §5, §8)', () => {
  it('gives the data of a 00000 answer and shows nothing', async () => {
    const { client, notify, calls } = setup(() => envelope({ id: 7 }));
    await expect(unwrap<{ id: number }>(client.get('app-api/v1/members/me'))).resolves.toEqual({ id: 7 });
    expect(notify).not.toHaveBeenCalled();
    expect(calls[0].url).toBe('/prod-api/app-api/v1/members/me');
    expect(calls[0].authorization).toBe('Bearer access-1');
  });

  it('shows the server msg of another code on HTTP 200 and rejects with that code', async () => {
    const { client, notify } = setup(() => envelope(null, 'A0409', '数据已变更，请刷新后重试'));
    const failure = unwrap(client.get('app-api/v1/order/1'));
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 'A0409', message: '数据已变更，请刷新后重试' });
    expect(notify).toHaveBeenCalledExactlyOnceWith('数据已变更，请刷新后重试');
  });

  it('shows 系统错误 when the failing answer has no msg', async () => {
    const { client, notify } = setup(() => json({ code: 'B0100', data: null }));
    await expect(unwrap(client.get('app-api/v1/x'))).rejects.toMatchObject({ code: 'B0100', message: '系统错误' });
    expect(notify).toHaveBeenCalledExactlyOnceWith('系统错误');
  });

  it('accepts a binary answer as a success', async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    const { client, notify } = setup(() => new Response(pdf, { headers: { 'content-type': 'application/pdf' } }));
    const blob = await client.get('app-api/v1/order/downloadPolicy/1').blob();
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(pdf);
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows the server msg of an HTTP failure with an envelope', async () => {
    const { client, notify } = setup(() => envelope(null, 'A0303', '无权访问该资源', 403));
    await expect(unwrap(client.get('app-api/v1/partner'))).rejects.toMatchObject({ code: 'A0303', status: 403 });
    expect(notify).toHaveBeenCalledExactlyOnceWith('无权访问该资源');
  });

  it('shows 系统错误 for an HTTP failure without an envelope (a proxy error page)', async () => {
    const { client, notify } = setup(
      () => new Response('<html>502</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    await expect(unwrap(client.get('app-api/v1/x'))).rejects.toMatchObject({ status: 502, message: '系统错误' });
    expect(notify).toHaveBeenCalledExactlyOnceWith('系统错误');
  });

  it('shows 系统错误 when the network fails', async () => {
    const { client, notify } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(unwrap(client.get('app-api/v1/x'))).rejects.toMatchObject({ code: 'NETWORK', message: '系统错误' });
    expect(notify).toHaveBeenCalledExactlyOnceWith('系统错误');
  });

  it('stays quiet for a silent call but still rejects', async () => {
    const { client, notify } = setup(() => envelope(null, 'A0404', '请求的资源不存在', 404));
    await expect(unwrap(client.get('app-api/v1/x', { context: { silent: true } }))).rejects.toMatchObject({
      code: 'A0404',
    });
    expect(notify).not.toHaveBeenCalled();
  });

  it('gives up after the 50 s timeout of spec §9', async () => {
    vi.useFakeTimers();
    try {
      const { client, notify } = setup(
        (request) =>
          new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason))),
      );
      const failure = unwrap(client.get('app-api/v1/slow'));
      const settled = expect(failure).rejects.toMatchObject({ message: '系统错误' });
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(notify).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2);
      await settled;
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('headers', () => {
  it('sends no Bearer header on the version call', async () => {
    const { client, calls } = setup(() => envelope({ version: '1' }));
    await client.get('version', { context: { auth: false } }).json();
    expect(calls[0].url).toBe('/prod-api/version');
    expect(calls[0].authorization).toBeNull();
  });

  it('asks in the chosen language, so catalogue texts and messages come back in it', async () => {
    const { client, store, calls } = setup(() => envelope([]));
    await client.get('app-api/v1/messages').json();
    expect(calls[0].request.headers.get('Accept-Language')).toBe('zh-CN');
    store.set(languageAtom, 'pl');
    await client.get('app-api/v1/messages').json();
    expect(calls[1].request.headers.get('Accept-Language')).toBe('pl');
  });
});

describe('failure messages reach the shell as events', () => {
  it('reports a failed call to every listener until it unsubscribes; a silent call reports nothing', async () => {
    const store = createStore();
    const fake = fakeFetch(() => envelope(null, 'A0409', '数据已变更，请刷新后重试'));
    const client = createApiClient({ store, fetch: fake.fetch });
    const shown: string[] = [];
    const stop = onCallFailure((message) => shown.push(message));
    await expect(unwrap(client.get('app-api/v1/order/1'))).rejects.toBeInstanceOf(ApiError);
    await expect(unwrap(client.get('app-api/v1/order/1', { context: { silent: true } }))).rejects.toBeInstanceOf(
      ApiError,
    );
    stop();
    await expect(unwrap(client.get('app-api/v1/order/1'))).rejects.toBeInstanceOf(ApiError);
    expect(shown).toEqual(['数据已变更，请刷新后重试']);
  });
});
