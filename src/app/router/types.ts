/** What each route carries in `handle`, read by the layout through `useMatches()`. */
export interface RouteHandle {
  name: string;
  /** The Chinese title of the route table (document title and page header). */
  title: string;
  hidden: boolean;
  noTransition: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return Boolean(value && typeof value === 'object' && 'title' in value && 'name' in value);
}
