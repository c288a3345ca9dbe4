import { maskIdNumber, maskMobile } from '#shared/identity.ts';
import {
  DRAFT_STEPS,
  ORDER_STATUS_KEYS,
  type Draft,
  type DraftListItem,
  type DraftStep,
  type Holder,
  type IdType,
  type OrderDetail,
  type OrderPerson,
  type OrderSummary,
  type Relation,
  type TrailProgress,
} from '#shared/orders.ts';
import { DEFAULT_LANGUAGE, type Language } from '#shared/constants.ts';
import { localeOf, nameSold } from '../catalogue/localize.ts';
import { renderText } from '../../lib/texts/render.ts';
import type { DraftRow, listDrafts } from './draft-repository.ts';
import type { OrderPersonRow, OrderWithPolicy } from './order-repository.ts';

/** Answers of the buying calls, from repository rows. Lists and order answers mask ID numbers and mobiles. */

const stepOf = (step: string | null): DraftStep | null =>
  (DRAFT_STEPS as readonly string[]).includes(step ?? '') ? (step as DraftStep) : null;

export function toDraft(
  row: DraftRow,
  extra: {
    productName: string;
    team: boolean;
    onSale: boolean;
    versionId: number;
    teamCount: number;
    progress: TrailProgress;
  },
): Draft {
  return {
    id: row.id,
    productId: row.productId,
    productName: extra.productName,
    team: extra.team,
    versionId: extra.versionId,
    onSale: extra.onSale,
    planCode: row.planCode,
    termDays: row.termDays,
    startDate: row.startDate,
    region: row.region,
    applicant: row.applicant,
    insured: row.insured,
    holder: row.holder,
    step: stepOf(row.step),
    recommendId: row.recommendId,
    teamCount: extra.teamCount,
    progress: extra.progress,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDraftListItem(
  row: Awaited<ReturnType<typeof listDrafts>>['rows'][number],
  language: Language = DEFAULT_LANGUAGE,
): DraftListItem {
  const { draft } = row;
  const planName = row.plans.find((p) => p.code === draft.planCode)?.name ?? null;
  // Product and plan in the reader's language (docs/decisions/catalogue-translations.md).
  return nameSold(
    {
      id: draft.id,
      productId: draft.productId,
      productName: row.productName,
      team: row.team,
      planName,
      startDate: draft.startDate,
      step: stepOf(draft.step),
      applicantName: (row.team ? draft.holder?.company : draft.applicant?.name) ?? null,
      insuredCount: row.team ? Number(row.teamCount) : draft.insured?.relation ? 1 : 0,
      onSale: row.onSale,
      updatedAt: draft.updatedAt.toISOString(),
    },
    localeOf(row.locales, language),
    draft.planCode,
  );
}

/** `statusText` in the reader's language (docs/decisions/server-texts-by-key.md). */
export function toOrderSummary(
  { order, policyId, policyNo, surrenderedAt }: OrderWithPolicy,
  language: Language,
): OrderSummary {
  return {
    id: order.id,
    orderNo: order.orderNo,
    productId: order.productId,
    productName: order.productName,
    planCode: order.planCode,
    planName: order.planName,
    termDays: order.termDays,
    startDate: order.startDate,
    endDate: order.endDate,
    insuredCount: order.insuredCount,
    premiumFen: order.premiumFen,
    status: order.status,
    statusText: renderText(language, ORDER_STATUS_KEYS[order.status]),
    createdAt: order.createdAt.toISOString(),
    expiresAt: order.expiresAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    policyId,
    policyNo,
    surrenderedAt: surrenderedAt?.toISOString() ?? null,
  };
}

/** An applicant or insured person of an order, as every answer shows them (orders and policies alike). */
export function maskedOrderPerson(p: OrderPersonRow) {
  return {
    name: p.name,
    idType: p.idType as IdType,
    idNumberMasked: maskIdNumber(p.idNumber),
    mobileMasked: maskMobile(p.mobile),
    sex: p.sex,
    age: p.age,
    relation: p.relation as Relation | null,
  };
}

/** The policyholder company of a team order, its contact's mobile masked. */
export function maskedHolder(holder: Holder | null) {
  return holder
    ? {
        company: holder.company,
        creditCode: holder.creditCode,
        contact: holder.contact,
        contactMobileMasked: maskMobile(holder.contactMobile),
      }
    : null;
}

function toOrderPerson(p: OrderPersonRow): OrderPerson {
  return { role: p.role, ...maskedOrderPerson(p), occupationClass: p.occupationClass, premiumFen: p.premiumFen };
}

export function toOrderDetail(found: OrderWithPolicy, persons: OrderPersonRow[], language: Language): OrderDetail {
  const { order } = found;
  const applicant = persons.find((p) => p.role === 'applicant');
  return {
    ...toOrderSummary(found, language),
    insurer: order.insurer,
    versionId: order.versionId,
    team: order.team,
    applicant: applicant ? toOrderPerson(applicant) : null,
    holder: maskedHolder(order.holder),
    insured: persons.filter((p) => p.role === 'insured').map(toOrderPerson),
  };
}
