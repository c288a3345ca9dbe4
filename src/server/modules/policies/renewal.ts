import { and, eq } from 'drizzle-orm';
import { addDays, beijingToday, daysBetween } from '#shared/beijing-time.ts';
import { DEFAULT_LANGUAGE, type Language } from '#shared/constants.ts';
import { ageOn } from '#shared/identity.ts';
import type { DraftInsured, DraftPerson } from '#shared/orders.ts';
import type { RenewalAnswer, RenewalRefusal } from '#shared/policies.ts';
import type { Db } from '../../db/client.ts';
import { orderDrafts, orders, policies } from '../../db/schema.ts';
import { findSellable, type SellableProduct } from '../catalogue/repository.ts';
import { createDraft } from '../orders/draft-repository.ts';
import { requireDraftRoom } from '../orders/drafts.ts';
import { phrase, renderPhrase, type Phrase } from '../../lib/texts/render.ts';
import { policyNotFound } from './policies.ts';
import {
  applicantOf,
  findOwnPolicy,
  insuredOf,
  lockOwnPolicy,
  versionRenewable,
  type PersonRow,
  type PolicyWithOrder,
} from './repository.ts';

/**
 * 续保 (docs/decisions/renewal.md): the policy bought again as a draft of the drafts module,
 * resumed the way 草稿箱 resumes one (`/insureDetails/index?draftId=`): the product's current on-sale
 * version, the same plan and term where still sold, the same applicant and insured person, cover
 * from the day after the policy ends, at the confirmation step. What the buyer must do for any
 * purchase (read and confirm the documents, health notice, consent) stays theirs: a renewal is a new
 * contract. Asked again while that draft is open, the same draft answers.
 */

type Refusal = NonNullable<RenewalAnswer['refusal']>;

/** A refusal before it is written in the reader's language. */
type RefusalOf = Omit<Refusal, 'message'> & { message: Phrase };

const refusal = (
  code: RenewalRefusal,
  message: Phrase,
  extra: Partial<Pick<Refusal, 'from' | 'min' | 'max'>> = {},
): RefusalOf => ({
  code,
  message,
  from: null,
  min: null,
  max: null,
  ...extra,
});

/** Whether a person still fits the product at the new start date, else why not. */
function personRefusal(
  product: SellableProduct,
  applicant: PersonRow | null,
  insured: PersonRow | null,
  startDate: string,
): RefusalOf | null {
  const { limits } = product.content;
  if (!applicant || !insured) return refusal('not_renewable', 'renewal.noPersons');
  const insuredAge = ageOn(insured.birthDate, startDate);
  const tooYoung =
    limits.insuredMinDays !== undefined && daysBetween(insured.birthDate, startDate) < limits.insuredMinDays;
  if (insuredAge < limits.insuredAge.min || insuredAge > limits.insuredAge.max || tooYoung) {
    return refusal(
      'insured_age',
      phrase('renewal.insuredAge', {
        name: insured.name,
        age: insuredAge,
        min: limits.insuredAge.min,
        max: limits.insuredAge.max,
      }),
      { min: limits.insuredAge.min, max: limits.insuredAge.max },
    );
  }
  if (ageOn(applicant.birthDate, startDate) < limits.applicantMinAge) {
    return refusal('applicant_age', phrase('renewal.applicantAge', { min: limits.applicantMinAge }), {
      min: limits.applicantMinAge,
    });
  }
  return null;
}

/** Why this policy cannot be renewed today, or null; `product` is its product on sale (when it is). */
async function checkRenewal(
  db: Db,
  { policy, order }: PolicyWithOrder,
  product: SellableProduct | null,
  startDate: string,
  today: string,
): Promise<RefusalOf | null> {
  if (order.team) return refusal('team', 'renewal.team');
  if (!(await versionRenewable(db, policy.versionId))) return refusal('not_renewable', 'renewal.shortTerm');
  if (policy.surrenderedAt) return refusal('surrendered', 'renewal.surrendered');
  if (startDate <= today) return refusal('ended', 'renewal.ended');
  if (!product || product.content.renewable !== true) return refusal('off_sale', 'renewal.offSale');
  const { min, max } = product.content.limits.startOffsetDays;
  if (daysBetween(today, startDate) > max) {
    const from = addDays(startDate, -max);
    return refusal('too_early', phrase('renewal.tooEarly', { from }), { from });
  }
  if (daysBetween(today, startDate) < min) return refusal('ended', 'renewal.tooLate');
  const [applicant, insured] = await Promise.all([applicantOf(db, order.id), insuredOf(db, policy.id)]);
  return personRefusal(product, applicant, insured[0]?.person ?? null, startDate);
}

function draftPersons(applicant: PersonRow, insured: PersonRow): { applicant: DraftPerson; insured: DraftInsured } {
  const person = (p: PersonRow) => ({
    name: p.name,
    idType: p.idType as DraftPerson['idType'],
    idNumber: p.idNumber,
    mobile: p.mobile || undefined,
  });
  return {
    applicant: { ...person(applicant), email: applicant.email ?? undefined },
    insured:
      insured.relation === 'self'
        ? { relation: 'self' }
        : { ...person(insured), relation: (insured.relation ?? 'other') as DraftInsured['relation'] },
  };
}

/** The renewal's open draft, or null when there is none (never made, deleted, or submitted and its order closed). */
async function existingDraft(db: Db, draftId: number | null): Promise<{ open: number | null; submitted: boolean }> {
  if (draftId === null) return { open: null, submitted: false };
  const [row] = await db
    .select({ status: orderDrafts.status, orderStatus: orders.status })
    .from(orderDrafts)
    .leftJoin(orders, eq(orders.id, orderDrafts.orderId))
    .where(eq(orderDrafts.id, draftId));
  if (!row) return { open: null, submitted: false };
  if (row.status === 'open') return { open: draftId, submitted: false };
  return { open: null, submitted: row.orderStatus === 'paid' || row.orderStatus === 'unpaid' };
}

export async function renewPolicy(
  db: Db,
  memberId: number,
  policyId: number,
  language: Language = DEFAULT_LANGUAGE,
  now: Date = new Date(),
): Promise<RenewalAnswer> {
  const written = (r: RefusalOf): Refusal => ({ ...r, message: renderPhrase(language, r.message) });
  const found = await findOwnPolicy(db, memberId, policyId);
  if (!found) throw policyNotFound();
  const today = beijingToday(now);
  const startDate = addDays(found.policy.endDate, 1);
  const answer = { policyId, productId: found.policy.productId, startDate };
  const product = await findSellable(db, found.policy.productId, DEFAULT_LANGUAGE);

  const before = await existingDraft(db, found.policy.renewalDraftId);
  if (before.submitted) return { ...answer, draftId: null, refusal: written(refusal('renewed', 'renewal.renewed')) };
  const refused = await checkRenewal(db, found, product, startDate, today);
  if (refused) return { ...answer, draftId: null, refusal: written(refused) };
  if (before.open !== null) return { ...answer, draftId: before.open, refusal: null };

  const [applicant, insured] = await Promise.all([applicantOf(db, found.order.id), insuredOf(db, policyId)]);
  const { plans, terms } = product!.content;
  const draftId = await db.transaction(async (tx) => {
    // Two taps at once: the second waits here and takes the first one's draft.
    const locked = await lockOwnPolicy(tx, memberId, policyId);
    if (!locked) throw policyNotFound();
    if (locked.policy.renewalDraftId !== null) {
      const [open] = await tx
        .select({ id: orderDrafts.id })
        .from(orderDrafts)
        .where(and(eq(orderDrafts.id, locked.policy.renewalDraftId), eq(orderDrafts.status, 'open')));
      if (open) return open.id;
    }
    // A draft like any other (草稿箱's limit of open drafts included).
    await requireDraftRoom(tx, memberId, 1);
    const draft = await createDraft(tx, {
      memberId,
      productId: product!.id,
      versionId: product!.versionId,
      planCode: plans.some((p) => p.code === found.order.planCode) ? found.order.planCode : null,
      termDays: terms.some((t) => t.days === found.order.termDays) ? found.order.termDays : null,
      startDate,
      region: found.order.snapshot.region,
      ...draftPersons(applicant!, insured[0].person),
      step: 'confirm',
    });
    await tx.update(policies).set({ renewalDraftId: draft.id }).where(eq(policies.id, policyId));
    return draft.id;
  });
  return { ...answer, draftId, refusal: null };
}
