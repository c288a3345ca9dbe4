import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Language } from '#shared/constants.ts';
import {
  NOTE_REQUIRED,
  canTransition,
  type ClaimDetail,
  type ClaimStatus,
  type ClaimTransitionInput,
} from '#shared/claims.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Tx } from '../../db/client.ts';
import { policies } from '../../db/schema.ts';
import { versionNames } from '../catalogue/repository.ts';
import { sendMessage } from '../messages/repository.ts';
import type { MessageTemplate } from '../messages/templates.ts';
import { formatYuan } from '#shared/money.ts';
import { claimNotFound } from './access.ts';
import { clockOnStep } from './clock.ts';
import { claimDetail } from './claims.ts';
import { fileCount, findClaim, insertEvent, lockClaim, updateClaim, type ClaimRow } from './repository.ts';
import { phrase } from '../../lib/texts/render.ts';

/**
 * A claim's way: 已报案 → 审核中 → 补充材料 → 审核中 … → 已结案 | 拒赔, then 已结案 → 已赔付
 * (CLAIM_TRANSITIONS in src/shared/claims.ts). Staff (role channel) move it; the member moves it
 * only from 补充材料 back to 审核中, after uploading. Every step, under the claim's row lock, writes
 * a claim event and sends the member a message; 审核中, 已结案 and 拒赔 also set the statutory clock (clock.ts).
 */

interface Step {
  to: ClaimStatus;
  note: string | null;
  paidFen?: number;
  actorId: number;
  actorRole: 'member' | 'staff';
}

/** The message of a step: which template, and what it names (the note ends as a sentence of its own). */
function messageOf(step: Step): MessageTemplate {
  if (step.to === 'reviewing') return step.actorRole === 'member' ? 'claim.resubmitted' : 'claim.reviewing';
  return `claim.${step.to}`;
}

async function applyStep(tx: Tx, claim: ClaimRow, productName: string, step: Step): Promise<void> {
  const [{ versionId }] = await tx
    .select({ versionId: policies.versionId })
    .from(policies)
    .where(eq(policies.id, claim.policyId));
  const { product } = await versionNames(tx, versionId, productName);
  const now = new Date();
  await updateClaim(
    tx,
    claim.id,
    {
      status: step.to,
      ...clockOnStep(step.to, now, claim),
      // The database's clock: uploads are stamped by it, and are compared with this.
      ...(step.to === 'supplement' ? { supplementSince: sql`now()` } : {}),
      ...(step.to === 'paid' ? { paidFen: step.paidFen!, paidAt: now } : {}),
    },
    now,
  );
  await insertEvent(tx, {
    claimId: claim.id,
    fromStatus: claim.status,
    status: step.to,
    note: step.note,
    actorId: step.actorId,
    actorRole: step.actorRole,
  });
  await sendMessage(tx, {
    memberId: claim.memberId,
    type: 'claim',
    template: messageOf(step),
    params: {
      claimNo: claim.claimNo,
      product,
      note: step.note,
      paidFen: step.paidFen ?? null,
      bank: claim.payeeBank,
      accountTail: claim.payeeAccount.slice(-4),
    },
    link: `/claim/index?claimId=${claim.id}`,
  });
}

function refusal(from: ClaimStatus, to: ClaimStatus): AppError {
  return new AppError('A0470', phrase('claims.cannotMove', { from: `claim.status.${from}`, to: `claim.status.${to}` }));
}

/** `POST /claims/{id}/transition` by staff. */
export async function transitionClaim(
  app: FastifyInstance,
  staffId: number,
  claimId: number,
  input: ClaimTransitionInput,
  language: Language,
): Promise<ClaimDetail> {
  const note = input.note || null;
  if (NOTE_REQUIRED.includes(input.to) && !note) {
    throw new AppError('A0410', phrase('claims.noteRequired', { status: `claim.status.${input.to}` }), [
      { field: 'note', message: 'field.required' },
    ]);
  }
  if (input.to === 'paid' && input.paidFen === undefined)
    throw new AppError('A0410', 'claims.paidAmountRequired', [{ field: 'paidFen', message: 'field.required' }]);
  if (input.to !== 'paid' && input.paidFen !== undefined)
    throw new AppError('A0400', 'claims.paidAmountOnlyWhenPaid', [{ field: 'paidFen', message: 'claims.notExpected' }]);
  const found = await findClaim(app.db, claimId);
  if (!found) throw claimNotFound();
  await app.db.transaction(async (tx) => {
    const claim = (await lockClaim(tx, claimId))!;
    if (!canTransition(claim.status, input.to)) throw refusal(claim.status, input.to);
    if (input.paidFen !== undefined && input.paidFen > claim.amountFen) {
      throw new AppError('A0400', phrase('claims.paidOverClaimed', { amount: formatYuan(claim.amountFen) }), [
        { field: 'paidFen', message: 'claims.paidOverClaimedField' },
      ]);
    }
    await applyStep(tx, claim, found.productName, {
      to: input.to,
      note,
      paidFen: input.paidFen,
      actorId: staffId,
      actorRole: 'staff',
    });
  });
  return claimDetail(app, claimId, language);
}

/** `POST /claims/{id}/supplement` by the claim's member: 补充材料 → 审核中 once something new was uploaded. */
export async function submitSupplement(
  app: FastifyInstance,
  memberId: number,
  claimId: number,
  note: string | undefined,
  language: Language,
): Promise<ClaimDetail> {
  const found = await findClaim(app.db, claimId);
  if (!found || found.claim.memberId !== memberId) throw claimNotFound();
  await app.db.transaction(async (tx) => {
    const claim = (await lockClaim(tx, claimId))!;
    if (claim.status !== 'supplement')
      throw new AppError('A0470', phrase('claims.noSupplementNeeded', { status: `claim.status.${claim.status}` }));
    if ((await fileCount(tx, claimId, claim.supplementSince ?? undefined)) === 0)
      throw new AppError('A0400', 'claims.supplementFirst');
    await applyStep(tx, claim, found.productName, {
      to: 'reviewing',
      note: note || null,
      actorId: memberId,
      actorRole: 'member',
    });
  });
  return claimDetail(app, claimId, language);
}
