import type { ComponentType } from 'react';

type ViewModule = { default: ComponentType };

/**
 * Every view of the specification's list, by the component name the route table and the server
 * menu use. Views are lazy so that each route loads only its own code. An unknown name falls back
 * to the 404 view (resolved by the router).
 */
export const views: Record<string, () => Promise<ViewModule>> = {
  // The shell's views (sign-in and errors).
  login: () => import('./login/index.tsx'),
  loginIndex: () => import('./loginIndex/index.tsx'),
  'error/401': () => import('./error/401.tsx'),
  'error/404': () => import('./error/404.tsx'),

  // Open to visitors.
  index: () => import('./index/index.tsx'),
  'product/index': () => import('./product/index.tsx'),
  'know/index': () => import('./know/index.tsx'),
  'claim/index': () => import('./claim/index.tsx'),

  // Buying and policies.
  'productDetails/index': () => import('./productDetails/index.tsx'),
  'insureDetails/index': () => import('./insureDetails/index.tsx'),
  'pay/index': () => import('./pay/index.tsx'),
  'policy/index': () => import('./policy/index.tsx'),

  // Member pages.
  'member/info': () => import('./member/info/index.tsx'),
  'member/setting': () => import('./member/setting/index.tsx'),
  'message/index': () => import('./message/index.tsx'),

  // Help area.
  'help/person': () => import('./help/person/index.tsx'),
  'help/personedit': () => import('./help/personedit/index.tsx'),
  'help/account': () => import('./help/account/index.tsx'),
  'help/draft': () => import('./help/draft/index.tsx'),
  'help/order': () => import('./help/order/index.tsx'),
  'help/invoice': () => import('./help/invoice/index.tsx'),
  'help/invoice/history': () => import('./help/invoice/history/index.tsx'),
  'help/collect': () => import('./help/collect/index.tsx'),
  'help/collect/addPerson': () => import('./help/collect/addPerson/index.tsx'),
  'help/checkup': () => import('./help/checkup/index.tsx'),
  'help/wallet': () => import('./help/wallet/index.tsx'),
  'help/collections': () => import('./help/collections/index.tsx'),
  'help/helpapplicant': () => import('./help/helpapplicant/index.tsx'),
  'help/userpromo': () => import('./help/userpromo/index.tsx'),
  'help/partner': () => import('./help/partner/index.tsx'),
  'help/department': () => import('./help/department/index.tsx'),
  'help/department/bonus': () => import('./help/department/bonus/index.tsx'),
  'help/department/bonusTemplate': () => import('./help/department/bonusTemplate/index.tsx'),
  'finance/index': () => import('./finance/index.tsx'),
  'finance/balance': () => import('./finance/balance/index.tsx'),
  'finance/income': () => import('./finance/income/index.tsx'),
};
