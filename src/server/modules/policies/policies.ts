import { claimLimits, planCoverages } from '../claims/claim-limits.ts';
import type { FastifyInstance } from 'fastify';
import type { PolicyDetail, PolicyList, PolicyQueryStatus } from '#shared/policies.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Language } from '#shared/constants.ts';
import { nameSold, termLabelSold } from '../catalogue/localize.ts';
import { versionLocales } from '../catalogue/repository.ts';
import { closeExpiredOrders } from '../orders/expiry.ts';
import { toPolicyDetail, toPolicyListItem, toUnpaidOrderItem } from './present.ts';
import {
  applicantOf,
  findOwnPolicy,
  insuredOf,
  listPolicies,
  listUnpaidOrders,
  previewPersons,
  productTypeCodeOf,
  standingClaims,
  versionRenewable,
  type PersonRow,
  type PolicyWithOrder,
} from './repository.ts';

/** The member's policies: list (or unpaid orders), detail. Others' policies do not exist for them. */

/** Insured persons a list item shows; the count says how many more there are. */
const PREVIEW = 3;

export const policyNotFound = () => new AppError('A0404', 'policies.notFound');

function byOrder(persons: PersonRow[]): Map<number, PersonRow[]> {
  const map = new Map<number, PersonRow[]>();
  for (const p of persons) map.set(p.orderId, [...(map.get(p.orderId) ?? []), p]);
  return map;
}

export async function policyList(
  app: FastifyInstance,
  memberId: number,
  q: { status?: PolicyQueryStatus; keyword?: string; page: number; pageSize: number },
  language: Language,
): Promise<PolicyList> {
  if (q.status === 'unpaid') {
    // Orders past their pay-by time are closed first, so the list holds only payable ones.
    await closeExpiredOrders(app, { memberId });
    const { total, rows } = await listUnpaidOrders(app.db, memberId, q);
    const [persons, locales] = await Promise.all([
      previewPersons(
        app.db,
        rows.map((o) => o.id),
        PREVIEW,
      ).then(byOrder),
      versionLocales(
        app.db,
        rows.map((o) => o.versionId),
        language,
      ),
    ]);
    return {
      list: rows.map((o) =>
        nameSold(toUnpaidOrderItem(o, persons.get(o.id) ?? [], language), locales.get(o.versionId), o.planCode),
      ),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }
  const now = new Date();
  const { total, rows } = await listPolicies(app.db, memberId, { ...q, status: q.status }, now);
  const [persons, locales] = await Promise.all([
    previewPersons(
      app.db,
      rows.map((r) => r.order.id),
      PREVIEW,
    ).then(byOrder),
    versionLocales(
      app.db,
      rows.map((r) => r.policy.versionId),
      language,
    ),
  ]);
  return {
    list: rows.map((r) =>
      nameSold(
        toPolicyListItem(r, persons.get(r.order.id) ?? [], now.getTime(), language),
        locales.get(r.policy.versionId),
        r.order.planCode,
      ),
    ),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function ownPolicy(app: FastifyInstance, memberId: number, policyId: number): Promise<PolicyWithOrder> {
  const found = await findOwnPolicy(app.db, memberId, policyId);
  if (!found) throw policyNotFound();
  return found;
}

export async function policyDetail(
  app: FastifyInstance,
  memberId: number,
  policyId: number,
  language: Language,
): Promise<PolicyDetail> {
  const found = await ownPolicy(app, memberId, policyId);
  const [applicant, insured, claims, typeCode, locales, renewable, planCovers] = await Promise.all([
    applicantOf(app.db, found.order.id),
    insuredOf(app.db, policyId),
    standingClaims(app.db, policyId),
    productTypeCodeOf(app.db, found.policy.productId),
    versionLocales(app.db, [found.policy.versionId], language),
    versionRenewable(app.db, found.policy.versionId),
    planCoverages(app.db, found.policy.versionId, found.order.planCode),
  ]);
  const claimLimitsFen = claimLimits(planCovers);
  const detail = toPolicyDetail(
    found,
    { applicant, insured, standingClaims: claims, productTypeCode: typeCode, renewable, claimLimitsFen },
    Date.now(),
    language,
  );
  const locale = locales.get(found.policy.versionId);
  const coverages = locale?.plans?.[found.order.planCode]?.coverages;
  return {
    ...nameSold(detail, locale, found.order.planCode),
    termLabel: termLabelSold(found.order.snapshot.term, locale),
    coverages: detail.coverages.map((c, i) => ({
      ...c,
      name: coverages?.[i]?.name || c.name,
      description: coverages?.[i]?.description || c.description,
    })),
  };
}
