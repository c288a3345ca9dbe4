import { MenuSchema } from '#shared/menu.ts';
import type { Db } from '../../db/client.ts';
import { ok } from '../../lib/envelope.ts';
import { prepareJson, type PreparedJson } from '../../lib/prepared-json.ts';
import { buildMenuTree, filterMenu, type MenuNode } from './menu-tree.ts';
import { loadMenuRows } from './repository.ts';

/** Menu rows change only with a deploy or an operator's edit; a minute of staleness is fine. */
const RELOAD_AFTER_MS = 60_000;
/** Role sets are few (combinations of four roles); the bound only guards against odd data. */
const MAX_ROLE_SETS = 64;

/**
 * The menu tree in memory, and the finished JSON envelope per role set, so that a menu call costs
 * a token check, one primary-key read of the member's roles and a map lookup.
 */
export class MenuCache {
  private tree: MenuNode[] | null = null;
  private loadedAt = 0;
  private loading: Promise<MenuNode[]> | null = null;
  private generation = 0;
  private readonly envelopes = new Map<string, PreparedJson>();

  constructor(private readonly db: Db) {}

  /** The `ok(menu)` envelope for these roles, serialised. */
  async envelopeFor(roles: readonly string[]): Promise<PreparedJson> {
    const tree = await this.current();
    const key = [...new Set(roles)].sort().join(',');
    let json = this.envelopes.get(key);
    if (json === undefined) {
      json = prepareJson(ok(MenuSchema.parse(filterMenu(tree, roles))));
      if (this.envelopes.size >= MAX_ROLE_SETS) this.envelopes.clear();
      this.envelopes.set(key, json);
    }
    return json;
  }

  /** Forget the rows, e.g. after the menu table was edited. */
  invalidate(): void {
    this.generation += 1;
    this.tree = null;
    this.loading = null;
    this.envelopes.clear();
  }

  private async current(): Promise<MenuNode[]> {
    if (!this.tree) return this.load();
    // Stale rows are served while fresh ones load, so no caller waits on a reload.
    if (Date.now() - this.loadedAt > RELOAD_AFTER_MS) this.load().catch(() => {});
    return this.tree;
  }

  private load(): Promise<MenuNode[]> {
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = loadMenuRows(this.db)
      .then((rows) => {
        const tree = buildMenuTree(rows);
        if (generation === this.generation) {
          this.tree = tree;
          this.loadedAt = Date.now();
          this.envelopes.clear();
        }
        return tree;
      })
      .finally(() => {
        if (this.loading === loading) this.loading = null;
      });
    this.loading = loading;
    return loading;
  }
}

const caches = new WeakMap<Db, MenuCache>();

/** One cache per database, so that every app (and every test's app) has its own. */
export function menuCacheFor(db: Db): MenuCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new MenuCache(db);
    caches.set(db, cache);
  }
  return cache;
}
