import { rolesAllow } from '#shared/roles.ts';
import { rolesAtom, userAtom } from '../session/atoms.ts';
import { store } from '../store.ts';
import { isMiniProgram, isWeChat } from './env.ts';
import { loadWx } from './jssdk.ts';
import { sessionChannel, sessionRecommendId } from './share-context.ts';

export interface ShareCard {
  title: string;
  desc: string;
  /** A route of this app (`/productDetails/index?id=3`, `#/…`) or a full address of this site. */
  link: string;
  imgUrl: string;
}

/** Never in a share link (docs/domain.md#js-sdk): one-time codes, tokens, and the sharer's own ids (set anew). */
const DROPPED = [
  'code',
  'state',
  'mpcode',
  'token',
  'access_token',
  'refresh_token',
  'tokenUser',
  'tokenResh',
  'channel',
  'recommendId',
];

function clean(params: URLSearchParams): URLSearchParams {
  for (const name of DROPPED) params.delete(name);
  return params;
}

/** Partners and channel staff recommend under their own id; others pass on the id they came with. */
function sharerRecommendId(): string | null {
  const user = store.get(userAtom);
  const roles = store.get(rolesAtom) ?? [];
  if (user && rolesAllow(['partner'], roles)) return String(user.id);
  return sessionRecommendId();
}

/** `…/?channel=&recommendId=#/route?…` for the given route, clean of codes and tokens. */
export function buildShareLink(link: string): string {
  const absolute = /^https?:\/\//i.test(link);
  const source = absolute ? new URL(link) : new URL(window.location.href.split('#')[0]);
  const route = absolute ? source.hash.replace(/^#/, '') : link.replace(/^#/, '');
  const [routePath, routeQuery = ''] = route.split('?');
  const search = clean(new URLSearchParams(source.search));
  const channel = sessionChannel();
  const recommendId = sharerRecommendId();
  if (channel) search.set('channel', channel);
  if (recommendId) search.set('recommendId', recommendId);
  const query = search.toString();
  const hashQuery = clean(new URLSearchParams(routeQuery)).toString();
  const hash = routePath
    ? `#${routePath.startsWith('/') ? '' : '/'}${routePath}${hashQuery ? `?${hashQuery}` : ''}`
    : '';
  return `${source.origin}${source.pathname}${query ? `?${query}` : ''}${hash}`;
}

/**
 * The card WeChat shows when the page is shared to a chat or to Moments. Outside WeChat it only
 * builds the link (returned either way, e.g. for a copy button).
 */
export function setShareCard(card: ShareCard): string {
  const link = buildShareLink(card.link);
  const imgUrl = new URL(card.imgUrl, window.location.href).toString();
  if (isWeChat() && !isMiniProgram()) {
    void loadWx().then((wx) =>
      wx.ready(() => {
        // The typings demand a success callback; the card needs nothing after it is set.
        const success = () => undefined;
        wx.updateAppMessageShareData({ title: card.title, desc: card.desc, link, imgUrl, success });
        wx.updateTimelineShareData({ title: card.title, link, imgUrl, success });
      }),
    );
  }
  return link;
}
