import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeFetch } from '../../test/fake-fetch.ts';
import { renderView } from '../testing.tsx';
import { Health } from './health.tsx';

const HEALTH_DOC = {
  kind: 'health',
  title: '健康告知',
  content: '请如实告知。',
  versionId: 4,
  questions: [
    { id: 'q1', text: '是否住院？' },
    { id: 'q2', text: '是否患有肿瘤？' },
  ],
};
const progress = (health: string) => ({
  required: [],
  opened: [],
  confirmed: [],
  health,
  consent: false,
  ready: false,
});

afterEach(() => vi.unstubAllGlobals());

describe('health notice step', () => {
  it('records the answers question by question; a "yes" stops with the server\'s message', async () => {
    const sent: unknown[] = [];
    const { fetch } = fakeFetch(async (request, call) => {
      if (call.url.endsWith('/documents/health')) return envelope(HEALTH_DOC);
      const body = (await request.json()) as { answers: Record<string, boolean> };
      sent.push(body);
      const blocked = Object.values(body.answers).some(Boolean);
      return envelope({
        progress: progress(blocked ? 'blocked' : 'passed'),
        blockedMessage: blocked ? '您的健康告知中有“是”的回答，本产品暂不能在线投保。' : null,
      });
    });
    vi.stubGlobal('fetch', fetch);
    const onNext = vi.fn();
    renderView(
      <Health
        productId={3}
        draftId={9}
        health="pending"
        busy={null}
        onProgress={() => undefined}
        onNext={onNext}
        onSave={() => undefined}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: '部分为是' }));
    const submit = screen.getByRole('button', { name: '确认告知' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    const [first, second] = screen.getAllByRole('listitem');
    fireEvent.click(within(first).getByText('是'));
    expect(submit.disabled).toBe(true);
    fireEvent.click(within(second).getByText('否'));
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(await screen.findByText('您的健康告知中有“是”的回答，本产品暂不能在线投保。')).toBeTruthy();
    expect(sent).toEqual([{ type: 'health', versionId: 4, answers: { q1: true, q2: false } }]);
    expect(onNext).not.toHaveBeenCalled();
  });

  it('以上均无 records "no" to every question and moves on', async () => {
    const sent: unknown[] = [];
    const { fetch } = fakeFetch(async (request, call) => {
      if (call.url.endsWith('/documents/health')) return envelope(HEALTH_DOC);
      sent.push(await request.json());
      return envelope({ progress: progress('passed'), blockedMessage: null });
    });
    vi.stubGlobal('fetch', fetch);
    const onNext = vi.fn();
    renderView(
      <Health
        productId={3}
        draftId={9}
        health="pending"
        busy={null}
        onProgress={() => undefined}
        onNext={onNext}
        onSave={() => undefined}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: '以上均无' }));
    await vi.waitFor(() => expect(onNext).toHaveBeenCalled());
    expect(sent).toEqual([{ type: 'health', versionId: 4, answers: { q1: false, q2: false } }]);
  });
});
