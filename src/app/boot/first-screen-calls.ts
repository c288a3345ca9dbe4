import { startEarlyFetch } from '../api/early-responses.ts';
import { firstScreenCalls, hashRoute } from '../api/first-screen.ts';

/**
 * Starts the GET calls the first screen of the address's route will make (api/first-screen.ts),
 * for the ky client to take when the screen asks. `token` is the Authorization value, or null.
 */
export function startFirstScreenCalls(token: string | null): void {
  const { path, search } = hashRoute(window.location.hash);
  const ua = navigator.userAgent;
  const wechat = /MicroMessenger/i.test(ua) && !/miniProgram/i.test(ua);
  for (const url of firstScreenCalls({ path, search, signedIn: token !== null, wechat })) startEarlyFetch(url, token);
}

/** A WeChat callback or mini-program hand-over (`?code=&state=`, `?mpcode=`): a sign-in comes first. */
export function isSignInCallback(search = window.location.search): boolean {
  return /[?&](code|state|mpcode)=/.test(search);
}
