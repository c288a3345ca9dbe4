import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '#shared/constants.ts';

/*
 * index.html's early script (boot/early-start.ts): the route's files are asked for only once the
 * entry's own files have arrived, and a Polish visitor's splash is marked Polish. Each case imports
 * the script afresh, as a page load runs it.
 */

const FILES = {
  entry: ['/assets/index-a.js', '/assets/vendor-b.js', '/assets/index-c.css'],
  files: ['/assets/ui-basics-d.js', '/assets/ui-basics-e.css', '/assets/screen-home-f.js', '/assets/pl-g.js'],
  routes: { '/index': [0, 1, 2] },
  polish: [3],
};

type Listener = (list: { getEntries: () => { name: string }[] }) => void;
let observers: Listener[] = [];

/** Stands in for the browser's resource timing: the test says when a file has arrived. */
class FakePerformanceObserver {
  constructor(private readonly listener: Listener) {
    observers.push(listener);
  }
  observe() {}
  disconnect() {
    observers = observers.filter((l) => l !== this.listener);
  }
}

function arrived(...paths: string[]) {
  const entries = paths.map((path) => ({ name: new URL(path, window.location.href).href }));
  for (const listener of [...observers]) listener({ getEntries: () => entries });
}

const preloaded = () => [...document.head.querySelectorAll('link')].map((link) => new URL(link.href).pathname);

async function runScript() {
  vi.resetModules();
  await import('./early-start.ts');
}

beforeEach(() => {
  observers = [];
  vi.stubGlobal('__FIRST_SCREEN_FILES__', FILES);
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
  // The home's best sellers call: answered, never awaited here.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => undefined)),
  );
  document.head.replaceChildren();
  document.documentElement.lang = 'zh-CN';
  window.location.hash = '#/index';
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('early start', () => {
  it("asks for the route's files only after every file of the entry has arrived", async () => {
    await runScript();
    expect(preloaded()).toEqual([]);
    arrived('/assets/index-a.js', '/assets/index-c.css');
    expect(preloaded()).toEqual([]);
    arrived('/assets/vendor-b.js');
    expect(preloaded()).toEqual(['/assets/ui-basics-d.js', '/assets/ui-basics-e.css', '/assets/screen-home-f.js']);
    // Once only.
    arrived('/assets/vendor-b.js');
    expect(preloaded()).toHaveLength(3);
  });

  it('starts them anyway when the entry never reports', async () => {
    vi.useFakeTimers();
    await runScript();
    expect(preloaded()).toEqual([]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(preloaded()).toHaveLength(3);
  });

  it('marks a Polish visitor, whose texts come with the route', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pl');
    await runScript();
    expect(document.documentElement.lang).toBe('pl');
    arrived(...FILES.entry);
    expect(preloaded()).toContain('/assets/pl-g.js');
  });

  it('leaves a Chinese visitor in Chinese', async () => {
    await runScript();
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});
