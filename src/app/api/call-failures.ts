/**
 * The messages of failed calls a person should see (spec §8), as events: the ky client reports
 * them and the shell shows them (main.tsx installs the toast), so api/ imports no UI.
 */
const failures = new EventTarget();
const FAILED = 'call-failed';

/** Reported by the client for a failed call that is not `silent`. */
export function reportCallFailure(message: string): void {
  failures.dispatchEvent(new CustomEvent<string>(FAILED, { detail: message }));
}

/** `show` receives each message reported from now on; answers the unsubscribe. */
export function onCallFailure(show: (message: string) => void): () => void {
  const listener = (event: Event) => show((event as CustomEvent<string>).detail);
  failures.addEventListener(FAILED, listener);
  return () => failures.removeEventListener(FAILED, listener);
}
