import type { FastifyInstance } from 'fastify';
import type { CheckupCategory, CheckupLeftOut, CheckupQuote } from '#shared/checkup.ts';
import type { Language } from '#shared/constants.ts';
import type { DraftInsured, DraftPerson } from '#shared/orders.ts';
import { AppError } from '../../lib/app-error.ts';
import { insertTeamRows } from '../orders/draft-repository.ts';
import { requireDraftRoom, startDraft } from '../orders/drafts.ts';
import { checkupOf, earliestStart, leftOutReason, productName, suitableProduct } from './checkup.ts';
import type { SavedPersonRow } from './repository.ts';
import { phrase } from '../../lib/texts/render.ts';

/**
 * One tap on a gap (docs/decisions/check-up-quote.md): drafts on the suitable on-sale product
 * of the category for the persons without that cover, the way the buy-now flow saves them, so the
 * H5 opens them as 草稿箱 resumes a draft. An individual product insures one person per policy, so
 * each person gets a draft of their own (the member themself first); a team product gets one draft
 * with them on its insured list. Persons outside the product's age limits are left out and named.
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

export async function quoteGap(
  app: FastifyInstance,
  memberId: number,
  category: CheckupCategory,
  language: Language,
): Promise<CheckupQuote> {
  const { answer, entries, applicant, products } = await checkupOf(app.db, memberId, language);
  const today = answer.today;
  const uncovered = entries.filter((e) => e.gaps.includes(category)).map((e) => e.row);
  if (!uncovered.length)
    throw new AppError('A0409', 'checkup.noGap', [{ field: 'category', message: 'checkup.noGapField' }]);
  const product = suitableProduct(products, category, uncovered, today);
  if (!product) throw new AppError('A0404', 'checkup.noProduct', [{ field: 'category', message: 'checkup.noProduct' }]);

  const leftOut: CheckupLeftOut[] = [];
  const fitting: SavedPersonRow[] = [];
  for (const row of uncovered) {
    const reason = leftOutReason(product.content, row, today);
    if (reason) leftOut.push(reason);
    else fitting.push(row);
  }
  if (!fitting.length) {
    const { min, max } = product.content.limits.insuredAge;
    throw new AppError(
      'A0420',
      phrase('checkup.nobodyOfAge', {
        product: { 'zh-cn': productName(product, 'zh-cn'), pl: productName(product, 'pl') },
        min,
        max,
      }),
      [{ field: 'category', message: 'checkup.nobodyOfAgeField' }],
    );
  }

  const { content } = product;
  const plan = {
    productId: product.id,
    planCode: content.plans[0].code,
    termDays: content.terms[0].days,
    startDate: earliestStart(content, today),
    step: 'plan' as const,
  };
  // Room for every draft first, so a refusal leaves none half made.
  await requireDraftRoom(app.db, memberId, product.team ? 1 : fitting.length);
  const drafts: CheckupQuote['drafts'] = [];
  if (product.team) {
    const draft = await startDraft(app, memberId, plan);
    const occupationClass = content.limits.occupationClasses.min;
    await insertTeamRows(
      app.db,
      draft.id,
      fitting.map((r) => ({
        name: r.name,
        idType: r.idType,
        idNumber: r.idNumber,
        mobile: r.mobile ?? '',
        occupationClass,
      })),
    );
    drafts.push({ draftId: draft.id, personIds: fitting.map((r) => r.id), names: fitting.map((r) => r.name) });
  } else {
    for (const row of fitting) {
      const draft = await startDraft(app, memberId, {
        ...plan,
        applicant: applicantOf(applicant),
        insured: insuredOf(row, applicant),
      });
      drafts.push({ draftId: draft.id, personIds: [row.id], names: [row.name] });
    }
  }
  return { category, product: { id: product.id, name: productName(product, language) }, drafts, leftOut };
}
