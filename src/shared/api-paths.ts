import { API_PREFIX } from './constants.ts';

/*
 * The one table of the API's paths (docs/decisions/api-path-table.md). The server registers each
 * route with `.route`; the H5's api/ calls `paths.order.detail({ id })`, which fills the
 * parameters and answers the path below API_PREFIX (the ky client's prefix). Nothing else writes
 * a path of the API, except the tests, which keep literal paths so that a moved path fails them.
 * Imports only constants: the H5's first screen and index.html's script use it without zod.
 */

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a path's `:name` parameters. */
export type PathParams<P extends string> = { [Name in ParamNames<P>]: string | number };

export interface ApiPath<P extends string> {
  /** The path with its parameters filled in (URI-encoded), below API_PREFIX: `app-api/v1/order/12`. */
  (...params: [ParamNames<P>] extends [never] ? [] : [PathParams<P>]): string;
  /** What the server registers: the whole path with Fastify's `:name` parameters. */
  readonly route: string;
  /** The base the path lives under, below API_PREFIX (`app-api/v1`, `auth`, `dev`, or '' for the API's root). */
  readonly base: string;
}

function apiPath<P extends string>(base: string, pattern: P): ApiPath<P> {
  const below = base ? `${base}/${pattern}` : pattern;
  const fill = (params?: Record<string, string | number>) =>
    below.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params![name])));
  return Object.assign(fill, { route: `${API_PREFIX}/${below}`, base }) as ApiPath<P>;
}

/** The member API: everything the H5 calls except the token call and the version. */
const v1 = <P extends string>(pattern: P) => apiPath('app-api/v1', pattern);
/** Development helpers (outboxes, backdating, the sweep now); never registered in production. */
const dev = <P extends string>(pattern: P) => apiPath('dev', pattern);

/** The whole address of a path on this site: `/prod-api/…`. */
export function absolutePath(path: string): string {
  return `${API_PREFIX}/${path}`;
}

export const system = {
  /** GET, no token: the running version. */
  version: /* @__PURE__ */ apiPath('', 'version'),
  /** GET, no token: the process answers (a balancer's liveness check). */
  healthLive: /* @__PURE__ */ apiPath('', 'health/live'),
  /** GET, no token: database, migrations and change feed answer in time (a balancer's readiness check). */
  healthReady: /* @__PURE__ */ apiPath('', 'health/ready'),
  /** GET, outside production: the OpenAPI document. */
  openapiDocument: /* @__PURE__ */ apiPath('', 'openapi.json'),
  /** The API's reference page (Swagger UI, outside production). */
  apiReference: /* @__PURE__ */ apiPath('', 'docs'),
};

export const auth = {
  /** POST, Basic client authentication: the OAuth2 token call of every grant. */
  token: /* @__PURE__ */ apiPath('auth', 'oauth2/token'),
  /** DELETE: revokes the refresh token sent, or all of the caller's. */
  logout: /* @__PURE__ */ v1('users/logout'),
};

export const open = {
  /** GET, no token: the public WeChat settings. */
  clientConfig: /* @__PURE__ */ v1('open/client-config'),
  /** GET: the menu's route items for the caller's roles. */
  menu: /* @__PURE__ */ v1('open/menu'),
  /** PUT: the member's personal details beyond sign-in. */
  user: /* @__PURE__ */ v1('open/user'),
  /** GET: the same details. */
  userMe: /* @__PURE__ */ v1('open/user/me'),
};

export const members = {
  /** GET: the signed-in member's profile; PUT: nickname and/or avatar. */
  me: /* @__PURE__ */ v1('members/me'),
  /** PUT (multipart) and DELETE: the uploaded avatar. */
  avatar: /* @__PURE__ */ v1('members/me/avatar'),
  mobile: /* @__PURE__ */ v1('members/me/mobile'),
  password: /* @__PURE__ */ v1('members/me/password'),
  /** PUT, no token: a forgotten password replaced with an SMS code. */
  repassword: /* @__PURE__ */ v1('members/repassword'),
  /** GET and PUT: the chosen WeChat notifications. */
  notifications: /* @__PURE__ */ v1('members/me/notifications'),
  wechatBindings: /* @__PURE__ */ v1('members/me/wechat'),
  /** GET: the official-account (`web`) or mini-program (`cgi`) identity, 404 when not bound. */
  wechatBinding: /* @__PURE__ */ v1('members/me/wechat/:kind'),
  /** GET, no token: an uploaded avatar, the address the profile's `avatar` holds. */
  avatarFile: /* @__PURE__ */ v1('avatars/:memberId/:name'),
};

export const sms = {
  /** POST `?phoneNumber=`: sends a code of the type (login, bind, mobile, repassword). */
  send: /* @__PURE__ */ v1('sms/:type'),
};

export const wechat = {
  /** GET `?url=`: the JS-SDK signature of a page address. */
  jssdkConfig: /* @__PURE__ */ v1('wechat/jssdk-config'),
};

export const catalogue = {
  /** GET, no token: the product types with their products on sale. */
  listTypeProds: /* @__PURE__ */ v1('prodType/listTypeProds'),
  /** GET: the member's favourites. */
  favourites: /* @__PURE__ */ v1('product/collectProdList'),
  product: /* @__PURE__ */ v1('product/:id'),
  document: /* @__PURE__ */ v1('product/:id/documents/:kind'),
  quote: /* @__PURE__ */ v1('product/:id/quote'),
  /** POST adds, DELETE removes the favourite. */
  favourite: /* @__PURE__ */ v1('product/:id/collect'),
};

export const drafts = {
  /** GET the member's drafts; POST a new one. */
  list: /* @__PURE__ */ v1('order/drafts'),
  /** GET, PUT, DELETE one draft. */
  detail: /* @__PURE__ */ v1('order/drafts/:id'),
  trail: /* @__PURE__ */ v1('order/drafts/:id/trail'),
  submit: /* @__PURE__ */ v1('order/drafts/:id/submit'),
  team: /* @__PURE__ */ v1('order/drafts/:id/team'),
  teamTemplate: /* @__PURE__ */ v1('order/drafts/:id/team/template'),
  teamExport: /* @__PURE__ */ v1('order/drafts/:id/team/export'),
  teamImport: /* @__PURE__ */ v1('order/drafts/:id/team/import'),
  teamInsured: /* @__PURE__ */ v1('order/drafts/:id/team/insured'),
  /** GET, PUT, DELETE one row of the insured list. */
  teamRow: /* @__PURE__ */ v1('order/drafts/:id/team/insured/:rowId'),
};

export const order = {
  list: /* @__PURE__ */ v1('order/list'),
  detail: /* @__PURE__ */ v1('order/:id'),
  status: /* @__PURE__ */ v1('order/:id/status'),
  pay: /* @__PURE__ */ v1('order/:id/pay'),
  cancel: /* @__PURE__ */ v1('order/:id/cancel'),
  /** POST, no token: WeChat Pay's payment notification (the notify URL). */
  payNotify: /* @__PURE__ */ v1('pay/notify'),
};

export const policies = {
  /** GET the member's policies (`status=unpaid`: the orders still to be paid). */
  list: /* @__PURE__ */ v1('order/policyInfo'),
  detail: /* @__PURE__ */ v1('order/policyInfo/:id'),
  surrender: /* @__PURE__ */ v1('order/policyInfo/:id/surrender'),
  keep: /* @__PURE__ */ v1('order/policyInfo/:id/keep'),
  renewal: /* @__PURE__ */ v1('order/policyInfo/:id/renewal'),
  /** The e-policy PDF. */
  policyPdf: /* @__PURE__ */ v1('order/downloadPolicy/:id'),
  /** One insured person's voucher PDF (the insured entry's id). */
  voucherPdf: /* @__PURE__ */ v1('order/downloadVoucher/:id'),
  /** The purchase record PDF, in the caller's language (docs/decisions/purchase-record.md). */
  recordPdf: /* @__PURE__ */ v1('order/downloadRecord/:id'),
};

export const claims = {
  /** GET the member's claims; POST reports one. */
  list: /* @__PURE__ */ v1('claims'),
  guide: /* @__PURE__ */ v1('claims/guide'),
  precheck: /* @__PURE__ */ v1('claims/precheck'),
  /** GET, staff (role channel): every member's claims. */
  desk: /* @__PURE__ */ v1('claims/desk'),
  detail: /* @__PURE__ */ v1('claims/:id'),
  /** POST (multipart): materials of a claim. */
  files: /* @__PURE__ */ v1('claims/:id/files'),
  /** GET: one stored material (a claim file's `url` is this path below its base). */
  file: /* @__PURE__ */ v1('claims/:id/files/:fileId'),
  supplement: /* @__PURE__ */ v1('claims/:id/supplement'),
  transition: /* @__PURE__ */ v1('claims/:id/transition'),
};

export const feedback = {
  /** GET the member's feedback; POST rates a claim or a policy. */
  list: /* @__PURE__ */ v1('feedback'),
};

export const checkup = {
  /** GET: each person's cover today and the gaps. */
  overview: /* @__PURE__ */ v1('checkup'),
  /** POST: drafts for the persons lacking a category. */
  quote: /* @__PURE__ */ v1('checkup/quote'),
};

/** 保单托管: policies held elsewhere (src/shared/added-policies.ts). */
export const addedPolicies = {
  /** GET the member's added policies; POST adds one; DELETE removes all of them with their files. */
  list: /* @__PURE__ */ v1('added-policies'),
  /** GET, PUT, DELETE one. */
  detail: /* @__PURE__ */ v1('added-policies/:id'),
  /** POST (multipart `file`): documents of one. */
  files: /* @__PURE__ */ v1('added-policies/:id/files'),
  /** GET, DELETE one document. */
  file: /* @__PURE__ */ v1('added-policies/:id/files/:fileId'),
  /** GET: everything added, as a zip of `policies.json` and the documents. */
  export: /* @__PURE__ */ v1('added-policies/export'),
};

export const persons = {
  /** GET `?kind=`; POST creates or updates by ID number. */
  list: /* @__PURE__ */ v1('persons'),
  /** GET, PUT, DELETE one saved person. */
  detail: /* @__PURE__ */ v1('persons/:id'),
};

export const company = {
  departments: /* @__PURE__ */ v1('company/departments'),
  department: /* @__PURE__ */ v1('company/departments/:id'),
  members: /* @__PURE__ */ v1('company/members'),
  member: /* @__PURE__ */ v1('company/members/:id'),
  /** PUT: a member action (`x`: enable, disable, leave…). */
  memberAction: /* @__PURE__ */ v1('company/members/:id/:x'),
  invitations: /* @__PURE__ */ v1('company/members/invitations'),
  /** GET: whether the join QR of the invitation has been scanned. */
  isScan: /* @__PURE__ */ v1('company/members/isScan/:id'),
  join: /* @__PURE__ */ v1('company/members/join'),
  /** POST `{token}`: the company and department a join QR is from, before joining. */
  joinPreview: /* @__PURE__ */ v1('company/members/join/preview'),
  /** POST: the chosen company members copied into a team draft. */
  toTeam: /* @__PURE__ */ v1('company/members/team/:draftId'),
  companies: /* @__PURE__ */ v1('company/companies'),
  bonus: /* @__PURE__ */ v1('company/bonus'),
};

export const finance = {
  summary: /* @__PURE__ */ v1('finance/summary'),
  ledger: /* @__PURE__ */ v1('finance/ledger'),
  withdrawals: /* @__PURE__ */ v1('finance/withdrawals'),
  /** GET, staff: partners' withdrawals by status. */
  staffWithdrawals: /* @__PURE__ */ v1('finance/staff/withdrawals'),
  review: /* @__PURE__ */ v1('finance/staff/withdrawals/:id/review'),
  bonusTemplates: /* @__PURE__ */ v1('finance/bonusTemplates'),
};

export const invoices = {
  /** GET my issued invoices; POST requests invoices for orders. */
  list: /* @__PURE__ */ v1('invoice'),
  /** GET: my paid orders that can still get an invoice. */
  orders: /* @__PURE__ */ v1('invoice/orders'),
  pdf: /* @__PURE__ */ v1('invoice/:id/pdf'),
  resend: /* @__PURE__ */ v1('invoice/:id/resend'),
};

export const promo = {
  visits: /* @__PURE__ */ v1('promo/visits'),
  stats: /* @__PURE__ */ v1('promo/stats'),
};

export const partners = {
  list: /* @__PURE__ */ v1('partner'),
  detail: /* @__PURE__ */ v1('partner/:id'),
  /** PUT: removes the relation between partners a and b. */
  relation: /* @__PURE__ */ v1('partner/canre/:a/:b'),
};

export const messages = {
  list: /* @__PURE__ */ v1('messages'),
  unreadCount: /* @__PURE__ */ v1('messages/unread-count'),
  readAll: /* @__PURE__ */ v1('messages/read-all'),
  read: /* @__PURE__ */ v1('messages/:id/read'),
};

export const devTools = {
  /** GET `?phoneNumber=`: the SMS codes sent (the development outbox). */
  smsOutbox: /* @__PURE__ */ dev('sms-outbox'),
  /** GET `?to=`: the mails sent. */
  mailOutbox: /* @__PURE__ */ dev('mail-outbox'),
  /** POST: a partner recommended by the caller. */
  partners: /* @__PURE__ */ dev('partners'),
  /** POST: moves one's own policy into the past. */
  backdate: /* @__PURE__ */ dev('policies/:id/backdate'),
  /** POST: runs the sweep job now. */
  sweep: /* @__PURE__ */ dev('sweep'),
};

/** Where uploaded avatars are served: an address starting with it is an uploaded avatar. */
export const AVATAR_URL_BASE = members.avatarFile.route.split(':')[0];
