/*
 * The first script of index.html (inlined by the build, vite.config.ts `firstScreenPlugin`, right
 * after `<meta charset>`; the Content-Security-Policy allows it by its sha256 hash and no other
 * inline script, src/server/lib/inline-script-hashes.ts): it runs as soon as the head is parsed,
 * while the app's code is still on its way, and starts what the first screen will wait for,
 * so that code, texts and data arrive in one wave instead of one after the other (docs/decisions/early-start-script.md):
 * - the chunks and styles of the route in the address (`<link rel=modulepreload>` / preload),
 *   with the texts it needs (the Polish bundle for a Polish visitor), as soon as the entry's own
 *   files have arrived;
 * - the route's GET calls (api/first-screen.ts), whose answers the ky client takes instead of
 *   asking again (api/early-responses.ts);
 * - `<html lang="pl">` for a Polish visitor, so that index.html's splash speaks Polish;
 * - `<html data-elder>` when 长辈版 is on, so that the first paint is already in its sizes.
 * It decides nothing: the guard still decides every navigation (spec §2), and a preload or an
 * answer nobody uses is only a wasted download. Plain code without imports of the app: no React.
 */
import { TOKEN_COOKIE } from '#shared/constants.ts';
import type { ClientConfig } from '#shared/client-config.ts';
import { fetchEarlyData, startEarlyTokenCall } from '../api/early-responses.ts';
import { FIRST_SCREEN_URLS, hashRoute } from '../api/first-screen.ts';
import { decide } from '../router/guard.ts';
import { authorizeUrl, autoWebOAuth } from '../wechat/authorize.ts';
import { takeEntryGrant } from '../wechat/entry-grant.ts';
import { isSignInCallback, startFirstScreenCalls } from './first-screen-calls.ts';
import { readStoredLanguage } from '../i18n/stored-language.ts';
import { applyElderMode, readStoredElderMode } from '../lib/elder-storage.ts';

/**
 * Filled in by the build: the files index.html loads itself (`entry`), every file a first screen
 * may need, and which of them each route needs.
 */
declare const __FIRST_SCREEN_FILES__: {
  entry: string[];
  files: string[];
  routes: Record<string, number[]>;
  polish: number[];
};

/** If the entry's files never report (an old browser), the route's files start anyway after this. */
const ENTRY_WAIT_MS = 3_000;

function cookie(name: string): string | null {
  const pair = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  if (!pair) return null;
  try {
    return decodeURIComponent(pair.slice(name.length + 1)) || null;
  } catch {
    return null;
  }
}

function preload(href: string): void {
  const link = document.createElement('link');
  if (href.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
    // As Vite's loader asks for it later (crossorigin), or the browser would not use the preload.
    link.crossOrigin = '';
  } else {
    link.rel = 'modulepreload';
  }
  link.href = href;
  document.head.appendChild(link);
}

/**
 * Runs `then` once every file index.html loads itself has arrived. The route's files are asked for
 * after them: on a phone's slow line, files downloading together share it, and the entry (React,
 * the router, the app's shell) arrived last, with the whole first screen. Sent first, it arrives
 * hundreds of ms earlier and runs (boot, guard, router) while the route's files download; they
 * are needed only when the route renders (measured in docs/decisions/entry-before-route-files.md).
 */
function afterEntry(entry: readonly string[], then: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    then();
  };
  const pending = new Set(entry.map((file) => new URL(file, window.location.href).href));
  if (typeof PerformanceObserver !== 'function' || pending.size === 0) return start();
  const observer = new PerformanceObserver((list) => {
    for (const timing of list.getEntries()) pending.delete(timing.name);
    if (pending.size === 0) {
      observer.disconnect();
      start();
    }
  });
  observer.observe({ type: 'resource', buffered: true });
  setTimeout(start, ENTRY_WAIT_MS);
}

/**
 * The guard's own decision (spec §2) for a visitor without a token: a page that needs a sign-in
 * sends them to /login, or inside WeChat straight to the authorize page (router.tsx
 * `leaveForSignIn`). Taken here, the trip to WeChat starts without waiting for the app's code.
 */
function leavesForWeChat(path: string, search: string): boolean {
  const decision = decide(
    { hasToken: false, rolesLoaded: false, routeExists: false, previousNamedPath: null },
    { pathname: path, search },
  );
  return 'redirect' in decision && decision.redirect.startsWith('/login?') && autoWebOAuth();
}

/**
 * Leaves for the authorize page as soon as the client config is there. It does not wait for the
 * app's files: leaving cancels what is still on its way, and what the page WeChat sends the visitor
 * back to downloads then overlaps the token call and the first screen's calls, which are round
 * trips with the line otherwise idle (measured by scripts/bench-web: the journey is shorter than
 * when this page first fills the cache and leaves after it, see docs/decisions/wechat-authorize-at-once.md).
 */
async function leaveForWeChat(target: string): Promise<boolean> {
  const config = await fetchEarlyData<ClientConfig>(FIRST_SCREEN_URLS.clientConfig);
  if (!config) return false;
  window.location.assign(authorizeUrl(config, target));
  return true;
}

function start(): void {
  // index.html's splash in the visitor's language (app.tsx keeps <html lang> from then on).
  const polish = readStoredLanguage() === 'pl';
  if (polish) document.documentElement.lang = 'pl';
  if (readStoredElderMode()) applyElderMode(true);
  const { path, search } = hashRoute(window.location.hash);
  // A WeChat callback (?code=&state=) signs in first: the calls need the new token.
  const callback = isSignInCallback();
  const map = __FIRST_SCREEN_FILES__;
  const token = cookie(TOKEN_COOKIE);
  if (!callback && !token && leavesForWeChat(path, search)) {
    // The guard finds this promise and waits for it instead of starting a second trip.
    window.__earlySignIn = leaveForWeChat(path + search);
    return;
  }
  // The calls before the files: over HTTP/1.1 the browser opens 6 connections to the host, and a
  // call queued behind the downloads would wait for one of them to end.
  if (callback) {
    // The code's token call now, and the first screen's calls as soon as its token is there.
    const grant = takeEntryGrant();
    const call = grant ? startEarlyTokenCall(grant) : null;
    window.__entryGrant = { grant, response: call?.response ?? null };
    void call?.authorization.then((token) => token && startFirstScreenCalls(token));
  } else {
    startFirstScreenCalls(token);
  }
  const files = [...(map.routes[path === '/' ? '/index' : path] ?? []), ...(polish ? map.polish : [])];
  afterEntry(map.entry, () => {
    for (const index of files) preload(map.files[index]);
  });
}

try {
  start();
} catch {
  // Only a head start: the app does the same work itself when it runs.
}
