import type { Role } from './roles.ts';

/**
 * The route table of the specification's section 2, with the menu's role rules of docs/decisions/menu-by-role.md.
 * Static routes are built into the H5; menu routes are seeded into the database and served by
 * `open/menu`, filtered by the caller's roles. `component` names a view of the H5's view registry,
 * or `Layout` for the shell.
 */
export interface RouteDef {
  path: string;
  name?: string;
  component: string;
  redirect?: string;
  meta: { title: string; hidden?: boolean; roles?: Role[]; noTransition?: boolean };
  children?: RouteDef[];
}

const MEMBER_SIDE: Role[] = ['member', 'company', 'partner'];
const COMPANY: Role[] = ['company'];
const PARTNER: Role[] = ['partner'];

function page(base: string, view: string, title: string, name?: string, roles: Role[] = MEMBER_SIDE): RouteDef {
  return {
    path: base,
    component: 'Layout',
    meta: { title, hidden: true, roles },
    children: [{ path: 'index', name: name ?? base.slice(1), component: view, meta: { title, hidden: true, roles } }],
  };
}

function help(
  path: string,
  title: string,
  roles: Role[] = MEMBER_SIDE,
  view = `help/${path}`,
  name?: string,
): RouteDef {
  return { path, name: name ?? path, component: view, meta: { title, hidden: true, roles, noTransition: true } };
}

/** Built into the H5; no sign-in needed for the four open paths (spec §2). */
export const STATIC_ROUTES: RouteDef[] = [
  { path: '/login', component: 'login', redirect: '/index', meta: { title: '登录', hidden: true } },
  { path: '/loginIndex', name: 'loginIndex', component: 'loginIndex', meta: { title: '登录', hidden: true } },
  {
    path: '/',
    component: 'Layout',
    redirect: '/index',
    meta: { title: '首页' },
    children: [
      { path: 'index', name: 'Login', component: 'index', meta: { title: '首页' } },
      { path: '401', name: '401', component: 'error/401', meta: { title: '401', hidden: true } },
      { path: '404', name: '404', component: 'error/404', meta: { title: '404', hidden: true } },
    ],
  },
  {
    path: '/product',
    component: 'Layout',
    meta: { title: '订单列表', hidden: true },
    children: [
      { path: 'index', name: 'productList', component: 'product/index', meta: { title: '订单列表', hidden: true } },
    ],
  },
  {
    path: '/know',
    component: 'Layout',
    meta: { title: '服务指南', hidden: true },
    children: [
      { path: 'index', name: 'knowIndex', component: 'know/index', meta: { title: '服务指南', hidden: true } },
    ],
  },
  {
    path: '/claim',
    component: 'Layout',
    meta: { title: '理赔', hidden: true },
    children: [{ path: 'index', name: 'claim', component: 'claim/index', meta: { title: '理赔', hidden: true } }],
  },
];

/** Served by `open/menu`; every item carries `meta.roles` (channel sees them all). */
export const MENU_ROUTES: RouteDef[] = [
  page('/productDetails', 'productDetails/index', '订单详情'),
  page('/policy', 'policy/index', '保单查询'),
  page('/insureDetails', 'insureDetails/index', '立即投保'),
  page('/pay', 'pay/index', '订单支付', 'PayDetail'),
  {
    path: '/member',
    component: 'Layout',
    meta: { title: '会员', hidden: true, roles: MEMBER_SIDE },
    children: [
      {
        path: 'info',
        name: 'AccountInfo',
        component: 'member/info',
        meta: { title: '主体信息', hidden: true, roles: MEMBER_SIDE },
      },
      {
        path: 'setting',
        name: 'AccountSetting',
        component: 'member/setting',
        meta: { title: '账户设置', hidden: true, roles: MEMBER_SIDE },
      },
      {
        path: 'message',
        name: 'Message',
        component: 'message/index',
        meta: { title: '站内信', hidden: true, roles: MEMBER_SIDE },
      },
    ],
  },
  {
    path: '/help',
    name: 'help',
    component: 'Layout',
    redirect: '/help/person',
    meta: { title: '帮助中心', hidden: true, roles: [...MEMBER_SIDE] },
    children: [
      help('person', '个人中心'),
      help('draft', '草稿箱'),
      help('order', '我的订单'),
      help('invoice', '发票管理'),
      help('invoice/history', '开票记录', MEMBER_SIDE, 'help/invoice/history', 'invoiceHistory'),
      help('finance', '财务管理', PARTNER, 'finance/index'),
      help('finance/balance', '佣金余额', PARTNER, 'finance/balance', 'financeBalance'),
      help('finance/income', '收入明细', PARTNER, 'finance/income', 'financeIncome'),
      help('department', '部门管理', COMPANY),
      help('department/bonus', '佣金分配', COMPANY, 'help/department/bonus', 'bonus'),
      help('department/bonusTemplate', '佣金模板', COMPANY, 'help/department/bonusTemplate', 'bonusTemplate'),
      help('userpromo', '推广中心', PARTNER),
      help('partner', '合作伙伴', PARTNER),
      help('personedit', '编辑资料'),
      help('account', '账号与安全'),
      help('collect', '常用被保人'),
      help('collect/addPerson', '添加被保人', MEMBER_SIDE, 'help/collect/addPerson', 'addPerson'),
      help('checkup', '保障体检'),
      help('wallet', '保单托管'),
      help('collections', '我的收藏'),
      help('HelpApplicant', '常用投保人', MEMBER_SIDE, 'help/helpapplicant'),
    ],
  },
];
