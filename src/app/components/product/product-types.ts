import type { PRODUCT_TYPE_CODES } from '#shared/catalogue.ts';
import type { MessageKey } from '../../i18n/index.ts';
import type { IconName } from '../ui/icons.tsx';

/** The four categories of the home grid and the product tabs; `code` is the `?type=` value. */
export const PRODUCT_TYPES = [
  { code: 'accident', label: 'product.type.accident', icon: 'shield', tone: { bg: '#e8f1ff', fg: '#0a5fd8' } },
  { code: 'medical', label: 'product.type.medical', icon: 'medical', tone: { bg: '#e7f8f0', fg: '#00794f' } },
  { code: 'travel', label: 'product.type.travel', icon: 'plane', tone: { bg: '#fff3e6', fg: '#b45309' } },
  { code: 'team', label: 'product.type.team', icon: 'team', tone: { bg: '#f2ecff', fg: '#6b4fd8' } },
] as const satisfies readonly {
  code: (typeof PRODUCT_TYPE_CODES)[number];
  label: MessageKey;
  icon: IconName;
  tone: { bg: string; fg: string };
}[];

export type ProductTypeCode = (typeof PRODUCT_TYPES)[number]['code'];

export function isProductTypeCode(value: string | null): value is ProductTypeCode {
  return PRODUCT_TYPES.some((p) => p.code === value);
}
