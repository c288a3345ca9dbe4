import { useAtomValue } from 'jotai';
import { useMatches } from 'react-router-dom';
import { languageAtom, translate, translateRouteTitle, useDictionaryVersion } from '../../i18n/index.ts';
import { isRouteHandle, type RouteHandle } from '../../router/types.ts';

/** The handle of the deepest matched route that has one (the page being shown). */
export function useRouteHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle;
    if (isRouteHandle(handle)) return handle;
  }
  return null;
}

/** The page title: the route table's Chinese title, or its Polish translation. */
export function useRouteTitle(handle: RouteHandle | null): string {
  const language = useAtomValue(languageAtom);
  useDictionaryVersion();
  if (!handle) return translate(language, 'app.name');
  return translateRouteTitle(language, handle.name, handle.title);
}
