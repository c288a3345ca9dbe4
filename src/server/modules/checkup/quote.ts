import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CheckupQuote, FamilyCategory } from '#shared/checkup.ts';
import type { Language } from '#shared/constants.ts';
import type { DraftInsured, DraftPerson } from '#shared/orders.ts';
import type { Db } from '../../db/client.ts';
import { orderDrafts } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { phrase } from '../../lib/texts/render.ts';
import { requireDraftRoom, startDraft } from '../orders/drafts.ts';
import { checkupOf, earliestStart, suggestionFor, withoutOffer, type Suggestion } from './checkup.ts';
import type { OnSaleProduct, SavedPersonRow } from './repository.ts';

/**
 * One tap on a gap (docs/decisions/check-up-quote.md): for each person lacking the category, a draft
 * on the individual product suggested for them, the way the buy-now flow saves it, so the H5 opens
 * it as 草稿箱 resumes a draft. A person who already has an open draft of that product (an earlier
 * tap) gets it back instead of a second one; persons no product takes are named with the reason.
 * One quote per member at a time across instances, so two taps cannot both make the drafts.
 */

const applicantOf = (row: SavedPersonRow | null): DraftPerson | undefined =>
  row
    ? {
        name: row.name,
        idType: row.idType,
        idNumber: row.idNumber,
        mobile: row.mobile ?? undefined,
        email: row.email ?? undefined,
      }
    : undefined;

function insuredOf(row: SavedPersonRow, applicant: SavedPersonRow | null): DraftInsured {
  if (applicant && row.idNumber === applicant.idNumber) return { relation: 'self' };
  const relation = !row.relation || row.relation === 'self' ? 'other' : row.relation;
  return { relation, name: row.name, idType: row.idType, idNumber: row.idNumber, mobile: row.mobile ?? undefined };
}

/** The member's open drafts of these products, by product and the insured person's ID number. */
async function openDraftsByPerson(db: Db, memberId: number, productIds: number[]): Promise<Map<string, number>> {
  const rows = productIds.length
    ? await db
        .select({
          id: orderDrafts.id,
          productId: orderDrafts.productId,
          applicant: orderDrafts.applicant,
          insured: orderDrafts.insured,
        })
        .from(orderDrafts)
        .where(
          and(
            eq(orderDrafts.memberId, memberId),
            eq(orderDrafts.status, 'open'),
            inArray(orderDrafts.productId, productIds),
          ),
        )
        .orderBy(orderDrafts.id)
    : [];
  const found = new Map<string, number>();
  for (const r of rows) {
    const idNumber = r.insured?.relation === 'self' ? r.applicant?.idNumber : r.insured?.idNumber;
    const key = `${r.productId}:${idNumber}`;
    if (idNumber && !found.has(key)) found.set(key, r.id);
  }
  return found;
}

async function prepare(
  app: FastifyInstance,
  memberId: number,
  category: FamilyCategory,
  language: Language,
): Promise<CheckupQuote> {
  const { answer, entries, applicant, products } = await checkupOf(app.db, memberId, language);
  const today = answer.today;
  const uncovered = entries.filter((e) => e.gaps.includes(category)).map((e) => e.row);
  if (!uncovered.length)
    throw new AppError('A0409', 'checkup.noGap', [{ field: 'category', message: 'checkup.noGapField' }]);
  const suggestions = uncovered.map((row) => ({ row, s: suggestionFor(products, category, row, today, language) }));
  if (suggestions.every(({ s }) => s.reason === 'noProduct'))
    throw new AppError('A0404', 'checkup.noProduct', [{ field: 'category', message: 'checkup.noProduct' }]);
  const offered = suggestions.filter((x): x is { row: SavedPersonRow; s: Suggestion & { offer: OnSaleProduct } } =>
    Boolean(x.s.offer),
  );
  const leftOut = suggestions.filter(({ s }) => !s.offer).map(({ s }) => withoutOffer(s));
  if (!offered.length) {
    throw new AppError('A0420', phrase('checkup.nobodyFits', { names: leftOut.map((l) => l.name) }), [
      { field: 'category', message: 'checkup.nobodyOfAgeField' },
    ]);
  }

  const existing = await openDraftsByPerson(app.db, memberId, [...new Set(offered.map(({ s }) => s.offer.id))]);
  const draftOf = (product: OnSaleProduct, row: SavedPersonRow) => existing.get(`${product.id}:${row.idNumber}`);
  // Room for every new draft first, so a refusal leaves none half made.
  await requireDraftRoom(app.db, memberId, offered.filter(({ row, s }) => !draftOf(s.offer, row)).length);
  const drafts: CheckupQuote['drafts'] = [];
  for (const { row, s } of offered) {
    const product = { id: s.offer.id, name: s.product!.name };
    const reused = draftOf(s.offer, row);
    if (reused) {
      drafts.push({ draftId: reused, product, personIds: [row.id], names: [row.name], reused: true });
      continue;
    }
    const { content } = s.offer;
    const draft = await startDraft(app, memberId, {
      productId: s.offer.id,
      planCode: content.plans[0].code,
      termDays: content.terms[0].days,
      startDate: earliestStart(content, today),
      step: 'plan',
      applicant: applicantOf(applicant),
      insured: insuredOf(row, applicant),
    });
    drafts.push({ draftId: draft.id, product, personIds: [row.id], names: [row.name], reused: false });
  }
  return { category, drafts, leftOut };
}

export async function quoteGap(
  app: FastifyInstance,
  memberId: number,
  category: FamilyCategory,
  language: Language,
): Promise<CheckupQuote> {
  const run = await app.database.exclusive(`checkup-quote:${memberId}`, 'wait', () =>
    prepare(app, memberId, category, language),
  );
  if (!run.ran) throw new Error('a waiting lock always runs');
  return run.value;
}
