import type { PromoVisitInput } from '#shared/promo.ts';
import { reportPromoVisit } from '../api/promo.ts';
import { store } from '../store.ts';
import { tokenAtom } from '../session/atoms.ts';
import { localStore, sessionStore } from '../lib/web-storage.ts';

/*
 * Sends the visit of a promotion link (`POST promo/visits`, see visit-beacon.ts). The server counts a
 * visit once per visitor key, link and Beijing day; this tab sends a link at most once anonymously
 * and once signed in, so reloads cost nothing.
 */

/** A page opened from a promotion link (read by visit-beacon.ts, before the router changes the address). */
export interface PromoEntry {
  recommendId: string;
  /** The hash route opened, e.g. `/productDetails/index?id=3`. */
  route: string;
}

const VISITOR_KEY = 'promo.visitor';
const SENT_PREFIX = 'promo.sent.';
/** The routes whose `id` query names the product promoted. */
const PRODUCT_ROUTES = ['/productDetails/index'];

function randomKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** This browser's random visitor key (16–64 of A–Z a–z 0–9 _ -), made once and kept. */
export function visitorKey(storage: Pick<Storage, 'getItem' | 'setItem'> = localStore): string {
  const kept = storage.getItem(VISITOR_KEY);
  if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return kept;
  const key = randomKey();
  storage.setItem(VISITOR_KEY, key);
  return key;
}

/** The report of a link: its route path and, on a product page, the product. */
export function visitOf(entry: PromoEntry, visitor: string): PromoVisitInput {
  const [rawPath, query = ''] = entry.route.split('?');
  const path = /^\/[A-Za-z0-9/_-]{0,199}$/.test(rawPath) ? rawPath : '/';
  const id = new URLSearchParams(query).get('id');
  const productId =
    PRODUCT_ROUTES.includes(path) && id && /^\d{1,9}$/.test(id) && Number(id) > 0 ? Number(id) : undefined;
  return { recommendId: entry.recommendId, path, visitor, ...(productId ? { productId } : {}) };
}

export async function reportVisit(entry: PromoEntry): Promise<void> {
  const visit = visitOf(entry, visitorKey());
  const signedIn = store.get(tokenAtom) !== null;
  const sent = `${SENT_PREFIX}${visit.recommendId}.${visit.productId ?? visit.path}.${signedIn ? 'member' : 'visitor'}`;
  // Storage disabled: reported anyway, the server de-duplicates.
  if (sessionStore.getItem(sent)) return;
  await reportPromoVisit(visit);
  sessionStore.setItem(sent, '1');
}
