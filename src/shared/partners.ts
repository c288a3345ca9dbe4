import { z } from 'zod';
import type { SharedTextKey } from './texts/zh-cn.ts';
import { line, text } from './text.ts';

/**
 * Partners (合作伙伴, spec §7 `partner`, docs/decisions/partner-relations.md). The relation between two partners is the
 * recommendation recorded at the first WeChat sign-in through a `recommendId` link
 * (members.recommenderId): partner A recommended partner B. Channel staff see every partner; a
 * partner sees only the partners related to them: those they recommended (`downline`) and the one
 * who recommended them (`upline`). Mobiles are always masked. Every path is under
 * `/prod-api/app-api/v1`.
 *
 * - `GET partner` (keyword, page, pageSize): the list.
 * - `PUT partner/{id}`: channel staff edit name, remark and status (enable/disable); partners may not
 *   edit (A0303): a partner's name and standing are the channel's business.
 * - `PUT partner/canre/{a}/{b}`: remove the relation between a and b (either direction), by channel
 *   staff or by partner a. Refused while an unpaid order of the recommended partner is attributed to
 *   the recommender (A0480) or a commission of the recommender on such an order is not settled
 *   (A0481).
 */

export const PARTNER_STATUSES = ['active', 'disabled'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];
/** Names of the codes are text keys: the answers' `statusText` and `relationText` in the reader's language. */
export const PARTNER_STATUS_KEYS = {
  active: 'partner.status.active',
  disabled: 'partner.status.disabled',
} as const satisfies Record<PartnerStatus, SharedTextKey>;

/** Seen from the signed-in partner: `downline` = recommended by me, `upline` = recommended me. */
export const PARTNER_RELATIONS = ['downline', 'upline'] as const;
export type PartnerRelation = (typeof PARTNER_RELATIONS)[number];
export const PARTNER_RELATION_KEYS = {
  downline: 'partner.relation.downline',
  upline: 'partner.relation.upline',
} as const satisfies Record<PartnerRelation, SharedTextKey>;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const PartnerQuerySchema = z.object({
  keyword: z.preprocess(blankToUndefined, line().trim().max(30, 'field.keywordMax30').optional()),
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number('field.pageNumber')
      .int('field.pageNumber')
      .min(1, 'field.pageNumber')
      .max(10_000, 'field.pageTooLarge')
      .default(1),
  ),
  pageSize: z.preprocess(
    blankToUndefined,
    z.coerce
      .number('field.pageSizeRange')
      .int('field.pageSizeRange')
      .min(1, 'field.pageSizeRange')
      .max(50, 'field.pageSizeRange')
      .default(20),
  ),
});

/** Orders sold through the partner's links (orders.recommendId). */
export const PartnerOrderCountsSchema = z.object({
  total: z.number().int(),
  unpaid: z.number().int(),
  paid: z.number().int(),
});

export const PartnerSchema = z.object({
  id: z.number().int(),
  name: text(),
  /** Always masked (138****0001), null when the partner has none. */
  mobile: text().nullable(),
  status: z.enum(PARTNER_STATUSES),
  /** The status's name in the reader's language (Accept-Language). */
  statusText: text(),
  /** Only in a partner's own list; null for channel staff. */
  relation: z.enum(PARTNER_RELATIONS).nullable(),
  /** The relation's name in the reader's language (Accept-Language). */
  relationText: text().nullable(),
  /** Who recommended this partner (a partner), null when nobody or the relation was removed. */
  recommenderId: z.number().int().nullable(),
  recommenderName: text().nullable(),
  /** Since when the relation exists (the recommended partner's first sign-in), ISO time. */
  relatedSince: text().nullable(),
  /** Channel staff's note; null in a partner's list. */
  remark: text().nullable(),
  orders: PartnerOrderCountsSchema,
  createdAt: text(),
});
export type Partner = z.infer<typeof PartnerSchema>;

export const PartnerListSchema = z.object({
  list: z.array(PartnerSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PartnerList = z.infer<typeof PartnerListSchema>;

/** `PUT partner/{id}` (channel staff): any of name, remark, status; at least one. */
export const PartnerEditSchema = z
  .object({
    name: text('partner.nameText').trim().min(1, 'field.nameRequired').max(30, 'partner.nameMax').optional(),
    remark: text('partner.remarkText').trim().max(200, 'partner.remarkMax').optional(),
    status: z.enum(PARTNER_STATUSES, 'partner.status').optional(),
  })
  .refine((v) => v.name !== undefined || v.remark !== undefined || v.status !== undefined, 'partner.nothingChanged');
export type PartnerEdit = z.infer<typeof PartnerEditSchema>;

/** Answer of a removed relation. */
export const RelationRemovedSchema = z.object({ recommenderId: z.number().int(), recommendedId: z.number().int() });
export type RelationRemoved = z.infer<typeof RelationRemovedSchema>;
