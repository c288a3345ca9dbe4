import { linkParam } from './share-context.ts';
import type { PromoEntry } from './visit-report.ts';

/**
 * The promotion-link visit report (推广访问). A page opened from a link carrying a partner's
 * `recommendId` is reported once, after the page has loaded and the entry sign-in (if any) has
 * finished, so a visitor who just signed in through the link is attached to it. Only this small
 * scheduler is in the first load; the report itself is a separate chunk, and failures are silent.
 */

/** The link of this page open, read before the router changes the address; null without a recommendId. */
export function promoEntry(href = window.location.href): PromoEntry | null {
  const url = new URL(href);
  const recommendId = linkParam('recommendId', href);
  if (!recommendId || !/^\d{1,9}$/.test(recommendId) || Number(recommendId) < 1) return null;
  return { recommendId, route: url.hash.replace(/^#/, '') || '/' };
}

/** This page open's link, kept for a sign-in that finishes later on the same page. */
let entryOfThisOpen: PromoEntry | null = null;

function report(entry: PromoEntry, after: Promise<unknown> = Promise.resolve()): void {
  void after
    .catch(() => undefined)
    .then(() => import('./visit-report.ts'))
    .then((m) => m.reportVisit(entry))
    .catch(() => undefined);
}

export function reportVisitAfterLoad(signedIn: Promise<unknown>): void {
  const entry = promoEntry();
  entryOfThisOpen = entry;
  if (!entry) return;
  const send = () => report(entry, signedIn);
  if (document.readyState === 'complete') window.setTimeout(send, 0);
  else window.addEventListener('load', () => window.setTimeout(send, 0), { once: true });
}

/**
 * A visitor who signs in later on the same page (a new WeChat user finishing the sign-in in the
 * dialog, docs/decisions/wechat-consent-ticket.md): the link's visit again, now as the member.
 */
export function reportVisitSignedIn(): void {
  if (entryOfThisOpen) report(entryOfThisOpen);
}
