import { LANGUAGES, type Language } from '#shared/constants.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Db } from '../../db/client.ts';
import { FeedCache } from '../../db/feed-cache.ts';
import type { PreparedJson } from '../../lib/prepared-json.ts';
import * as repo from './repository.ts';

/**
 * What the catalogue serves is the same for every caller and changes only when a version is
 * published, a product or type is edited, or a sale bumps a sales count; a campaign link brings
 * thousands of visitors reading exactly that. So it is kept in memory per instance, dropped through
 * the change feed (docs/decisions/feed-cache.md): at once on the instance that made the
 * change, within about a second on the others. The time bounds below only cover a change made
 * outside the product (an operator's SQL), which publishes nothing.
 */
export const CATALOGUE_TTL_MS = 60_000;
/** Favourites are per member; a new one is published by the call that adds it. */
export const FAVOURITES_TTL_MS = 60_000;

/** A finished answer: the serialised envelope and its entity tag. */
export interface CachedAnswer {
  body: PreparedJson;
  etag: string;
}

export interface CatalogueCaches {
  /** listTypeProds answers by language and normalised query; any catalogue change drops them all. */
  lists: FeedCache<CachedAnswer>;
  /**
   * A sellable product with its current (immutable) version, by product id, one cache per reader's
   * language: a change keyed by the product id drops it in every language.
   */
  products: Record<Language, FeedCache<repo.SellableProduct>>;
  /** The product ids a member has collected, by member id. */
  favourites: FeedCache<ReadonlySet<number>>;
}

export function createCatalogueCaches(feed: ChangeFeed): CatalogueCaches {
  return {
    lists: new FeedCache(feed, { topic: 'catalogue', ttlMs: CATALOGUE_TTL_MS, max: 500, dropAllOnChange: true }),
    products: Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        new FeedCache<repo.SellableProduct>(feed, { topic: 'catalogue', ttlMs: CATALOGUE_TTL_MS, max: 1_000 }),
      ]),
    ) as Record<Language, FeedCache<repo.SellableProduct>>,
    favourites: new FeedCache(feed, { topic: 'collections', ttlMs: FAVOURITES_TTL_MS, max: 10_000 }),
  };
}

export function favouriteIds(caches: CatalogueCaches, db: Db, memberId: number): Promise<ReadonlySet<number>> {
  return caches.favourites.get(memberId, async () => new Set(await repo.favouriteProductIds(db, memberId)));
}
