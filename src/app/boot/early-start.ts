/*
 * The first script of index.html (inlined by the build, vite.config.ts `firstScreenPlugin`): it
 * runs while the app's code is still on its way and starts what the first screen will wait for,
 * so that code, texts and data arrive in one wave instead of one after the other (issue 11):
 * - the chunks and styles of the route in the address (`<link rel=modulepreload>` / preload),
 *   with the texts it needs (the Polish bundle for a Polish visitor);
 * - the route's GET calls (api/first-screen.ts), whose answers the ky client takes instead of
 *   asking again (api/early-responses.ts).
 * It decides nothing: the guard still decides every navigation (spec §2), and a preload or an
 * answer nobody uses is only a wasted download. Plain code without imports of the app: no React.
 */
import { LANGUAGE_STORAGE_KEY, TOKEN_COOKIE } from '#shared/constants.ts';
import { hashRoute } from '../api/first-screen.ts';
import { isSignInCallback, startFirstScreenCalls } from './first-screen-calls.ts';

/** Filled in by the build: every file a first screen may need, and which of them each route needs. */
declare const __FIRST_SCREEN_FILES__: { files: string[]; routes: Record<string, number[]>; polish: number[] };

function cookie(name: string): string | null {
  const pair = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  if (!pair) return null;
  try {
    return decodeURIComponent(pair.slice(name.length + 1)) || null;
  } catch {
    return null;
  }
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
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

function start(): void {
  const { path } = hashRoute(window.location.hash);
  // A WeChat callback (?code=&state=) signs in first: the profile would be asked with the old token.
  const callback = isSignInCallback();
  const map = __FIRST_SCREEN_FILES__;
  const files = [...(map.routes[path === '/' ? '/index' : path] ?? []), ...(storedLanguage() === 'pl' ? map.polish : [])];
  for (const index of files) preload(map.files[index]);
  // (main.tsx starts the calls once that sign-in is over.)
  if (!callback) startFirstScreenCalls(cookie(TOKEN_COOKIE));
}

try {
  start();
} catch {
  // Only a head start: the app does the same work itself when it runs.
}
