import type { FastifyInstance } from 'fastify';
import {
  ADDED_POLICIES_MAX,
  type AddedPoliciesDeleted,
  type AddedPolicy,
  type AddedPolicyValues,
} from '#shared/added-policies.ts';
import { beijingDay, beijingToday, daysLeft } from '#shared/beijing-time.ts';
import { maskIdNumber } from '#shared/identity.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { phrase } from '../../lib/texts/render.ts';
import { nextDueDate } from './due-dates.ts';
import {
  countAdded,
  deleteAdded,
  findAdded,
  insertAdded,
  ownPersons,
  replaceAdded,
  type AddedPolicyRecord,
} from './repository.ts';

/**
 * 保单托管 (docs/decisions/policy-wallet.md): the member adds, edits and removes policies held with
 * other insurers. The insured persons are chosen among the member's saved persons and copied, so the
 * check-up matches them by ID number as it matches policies bought here.
 */

export const addedPolicyNotFound = () => new AppError('A0404', 'addedPolicy.notFound');

export function presentAdded({ policy, insured, files }: AddedPolicyRecord, today: string): AddedPolicy {
  return {
    id: policy.id,
    insurer: policy.insurer,
    productName: policy.productName,
    category: policy.category,
    insured: insured.map((i) => ({
      personId: i.personId,
      name: i.name,
      idNumber: maskIdNumber(i.idNumber),
      relation: i.relation,
    })),
    covers: policy.covers,
    startDate: policy.startDate,
    endDate: policy.endDate,
    premiumFen: policy.premiumFen,
    paymentFrequency: policy.paymentFrequency,
    nextDueDate: nextDueDate(policy.firstDueDate, policy.paymentFrequency, policy.endDate, today),
    policyNo: policy.policyNo,
    state: today < policy.startDate ? 'pending' : today > policy.endDate ? 'ended' : 'active',
    daysLeft: daysLeft(policy.endDate, today),
    files: files.map((f) => ({ id: f.id, mime: f.mime, size: f.size, uploadedAt: beijingDay(f.createdAt) })),
    updatedAt: policy.updatedAt.toISOString(),
  };
}

/** The insured rows of the chosen saved persons; an id that is not the member's is refused. */
async function insuredOf(db: Db, memberId: number, ids: number[]) {
  const rows = await ownPersons(db, memberId, [...new Set(ids)]);
  if (rows.length !== new Set(ids).size) {
    throw new AppError('A0400', 'addedPolicy.insuredUnknown', [
      { field: 'insuredPersonIds', message: 'addedPolicy.insuredUnknown' },
    ]);
  }
  // One row per person: the member may be saved both as 常用投保人 and as 常用被保人.
  const byId = new Map(rows.map((r) => [r.idNumber, r]));
  return [...byId.values()].map((r) => ({
    personId: r.id,
    name: r.name,
    idType: r.idType,
    idNumber: r.idNumber,
    relation: r.kind === 'applicant' ? ('self' as const) : r.relation,
  }));
}

function columnsOf(values: AddedPolicyValues, today: string) {
  const first = values.paymentFrequency === 'single' ? null : (values.nextDueDate ?? null);
  return {
    insurer: values.insurer,
    productName: values.productName,
    category: values.category,
    policyNo: values.policyNo,
    covers: values.covers,
    startDate: values.startDate,
    endDate: values.endDate,
    premiumFen: values.premiumFen,
    paymentFrequency: values.paymentFrequency,
    firstDueDate: first,
    nextDueDate: nextDueDate(first, values.paymentFrequency, values.endDate, today),
  };
}

export async function addPolicy(
  app: FastifyInstance,
  memberId: number,
  values: AddedPolicyValues,
): Promise<AddedPolicy> {
  const today = beijingToday();
  const insured = await insuredOf(app.db, memberId, values.insuredPersonIds);
  const id = await app.db.transaction(async (tx) => {
    if ((await countAdded(tx, memberId)) >= ADDED_POLICIES_MAX)
      throw new AppError('A0420', phrase('addedPolicy.tooMany', { max: ADDED_POLICIES_MAX }));
    return insertAdded(tx, { memberId, ...columnsOf(values, today) }, insured);
  });
  return presentAdded((await findAdded(app.db, memberId, id))!, today);
}

export async function editPolicy(
  app: FastifyInstance,
  memberId: number,
  id: number,
  values: AddedPolicyValues,
): Promise<AddedPolicy> {
  const today = beijingToday();
  if (!(await findAdded(app.db, memberId, id))) throw addedPolicyNotFound();
  const insured = await insuredOf(app.db, memberId, values.insuredPersonIds);
  await app.db.transaction((tx) => replaceAdded(tx, id, columnsOf(values, today), insured));
  return presentAdded((await findAdded(app.db, memberId, id))!, today);
}

/**
 * Removes one added policy (`id`) or all of them, rows first in one transaction, then their stored
 * files: a file whose removal fails is logged and left unreachable (no row names it any more).
 */
export async function removePolicies(
  app: FastifyInstance,
  memberId: number,
  id?: number,
): Promise<AddedPoliciesDeleted> {
  const removed = await app.db.transaction((tx) => deleteAdded(tx, memberId, id === undefined ? undefined : [id]));
  if (id !== undefined && !removed.policies) throw addedPolicyNotFound();
  const results = await Promise.allSettled(removed.keys.map((key) => app.providers.storage.delete(key)));
  const failed = results.filter((r) => r.status === 'rejected');
  if (failed.length) app.log.error({ failed: failed.length }, 'stored files of removed added policies not deleted');
  return { policies: removed.policies, files: removed.keys.length };
}
