import type { ComponentType } from 'react';

export type ViewModule = {
  default: ComponentType;
  /**
   * The view's first call, for when it is the first screen of a visit: awaited with the code
   * (components/ui/first-screen-data.ts). `search` is the address's query.
   */
  firstScreenData?: (search: URLSearchParams) => Promise<void>;
};
export type ViewLoader = () => Promise<ViewModule>;

/** The shell's own 404 view, used when the registry has no `error/404` entry yet. */
const shellNotFound: ViewLoader = () => import('../views/error/404.tsx');

/** The view of a component name; an unknown name falls back to the 404 view (spec §2, §8). */
export function resolveView(name: string, registry: Record<string, ViewLoader>): ViewLoader {
  return Object.hasOwn(registry, name) ? registry[name] : (registry['error/404'] ?? shellNotFound);
}
