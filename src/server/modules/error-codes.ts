import type { ErrorCode } from '#shared/errors.ts';

/**
 * The catalogue codes each module's handlers and services answer, by module folder: the OpenAPI
 * document lists them on every operation of the module (`x-error-codes`, docs/decisions/api-document.md),
 * beside the codes the route's declaration implies (validation, token, role, path id, rate limit).
 * A module's list may hold codes only some of its operations answer. `src/server/plugins/openapi.test.ts`
 * fails when a module's sources name a code its list lacks.
 */
export const MODULE_ERROR_CODES = {
  // Token checks only (plugins/auth.ts runs them): its codes are implied by each route's `authenticate`.
  access: ['A0230', 'A0301'],
  'added-policies': ['A0400', 'A0404', 'A0410', 'A0413', 'A0415', 'A0420'],
  account: ['A0120', 'A0121', 'A0130', 'A0150', 'A0151', 'A0400', 'A0404', 'A0410', 'A0413', 'A0415', 'A0429', 'C0001'],
  auth: [
    'A0130',
    'A0131',
    'A0140',
    'A0150',
    'A0202',
    'A0210',
    'A0220',
    'A0221',
    'A0231',
    'A0240',
    'A0241',
    'A0400',
    'A0410',
    'A0415',
    'A0429',
    'B0100',
  ],
  catalogue: ['A0202', 'A0230', 'A0404', 'A0420'],
  checkup: ['A0400', 'A0404', 'A0409', 'A0420'],
  claims: ['A0400', 'A0404', 'A0410', 'A0413', 'A0415', 'A0470'],
  'client-config': [],
  company: ['A0400', 'A0404', 'A0409', 'A0410'],
  'dev-backdate': ['A0404'],
  feedback: ['A0409', 'A0470'],
  finance: ['A0400', 'A0404', 'A0409'],
  invoices: ['A0404', 'A0490', 'A0491', 'A0492', 'C0140'],
  menu: [],
  messages: ['A0404'],
  // The notification settings of the messages module: listed apart, as their operations answer other codes.
  notifications: ['A0400'],
  orders: ['A0202', 'A0230', 'A0400', 'A0404', 'A0409', 'A0410', 'A0413', 'A0415', 'A0420', 'A0429', 'A0450', 'B0100'],
  partners: ['A0151', 'A0303', 'A0400', 'A0404', 'A0480', 'A0481'],
  persons: ['A0400', 'A0404'],
  policies: ['A0404', 'A0409', 'A0460', 'C0130'],
  promo: [],
  session: ['A0202', 'A0230', 'A0404'],
  sms: ['A0130', 'A0131', 'A0132', 'A0150', 'A0151'],
  system: [],
  web: [],
  'wechat-jssdk': ['A0400', 'C0110'],
} as const satisfies Record<string, readonly ErrorCode[]>;

export type ModuleName = keyof typeof MODULE_ERROR_CODES;
