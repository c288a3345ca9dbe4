import { addDays, beijingToday, daysBetween } from '#shared/beijing-time.ts';
import type { ProductContent } from '#shared/catalogue.ts';
import {
  CHECKUP_CATEGORIES,
  ENDS_SOON_DAYS,
  type Checkup,
  type CheckupCategory,
  type CheckupCover,
  type CheckupGap,
  type CheckupLeftOut,
  type CheckupPerson,
} from '#shared/checkup.ts';
import type { Language } from '#shared/constants.ts';
import { ageOn, maskIdNumber, maskMobile } from '#shared/identity.ts';
import type { Db } from '../../db/client.ts';
import { versionLocales } from '../catalogue/repository.ts';
import { localeOf, nameSold } from '../catalogue/localize.ts';
import { categoryOf } from './categories.ts';
import {
  checkupPersons,
  coversInForce,
  onSaleProducts,
  type OnSaleProduct,
  type SavedPersonRow,
} from './repository.ts';

/**
 * The family cover check-up (docs/decisions/family-cover-check-up.md): the member's persons, what
 * their own policies cover today by category, what ends within ENDS_SOON_DAYS, the gaps, and for
 * each gap the on-sale product that takes the most of the uncovered persons.
 */

export interface CheckupEntry {
  row: SavedPersonRow;
  self: boolean;
  gaps: CheckupCategory[];
}

export interface CheckupState {
  answer: Checkup;
  entries: CheckupEntry[];
  /** The member themself, as the applicant of a prepared draft. */
  applicant: SavedPersonRow | null;
  products: OnSaleProduct[];
}

/**
 * The persons of the check-up, the member themself first: the 常用被保人 marked 本人, else the one
 * whose ID number is the newest 常用投保人's, else that 常用投保人 itself; then every other 常用被保人.
 */
function persons(
  insured: SavedPersonRow[],
  applicant: SavedPersonRow | null,
): { row: SavedPersonRow; self: boolean }[] {
  const self =
    insured.find((p) => p.relation === 'self') ?? insured.find((p) => p.idNumber === applicant?.idNumber) ?? applicant;
  const others = insured.filter((p) => p !== self);
  return self
    ? [{ row: self, self: true }, ...others.map((row) => ({ row, self: false }))]
    : others.map((row) => ({ row, self: false }));
}

/** The earliest start date a product allows today: the ages of a quote are taken then. */
export const earliestStart = (content: ProductContent, today: string): string =>
  addDays(today, content.limits.startOffsetDays.min);

/** Why the product cannot insure this person at its earliest start, or null when it can. */
export function leftOutReason(content: ProductContent, row: SavedPersonRow, today: string): CheckupLeftOut | null {
  const start = earliestStart(content, today);
  const { insuredAge, insuredMinDays } = content.limits;
  const age = ageOn(row.birthDate, start);
  const base = {
    personId: row.id,
    name: row.name,
    age: Math.max(age, 0),
    minAge: insuredAge.min,
    maxAge: insuredAge.max,
    minDays: insuredMinDays ?? null,
  };
  if (age < insuredAge.min || age > insuredAge.max) return { ...base, reason: 'age' };
  if (insuredMinDays && daysBetween(row.birthDate, start) < insuredMinDays) return { ...base, reason: 'minDays' };
  return null;
}

/** Of the category's on-sale products, the one that takes the most of `rows` (catalogue order breaks ties). */
export function suitableProduct(
  products: OnSaleProduct[],
  category: CheckupCategory,
  rows: SavedPersonRow[],
  today: string,
): OnSaleProduct | null {
  let best: { product: OnSaleProduct; fits: number } | null = null;
  for (const product of products) {
    if (categoryOf(product.typeCode, product.content) !== category) continue;
    const fits = rows.filter((r) => !leftOutReason(product.content, r, today)).length;
    if (!best || fits > best.fits) best = { product, fits };
  }
  return best?.product ?? null;
}

export const productName = (p: OnSaleProduct, language: Language): string =>
  localeOf(p.content.locales, language)?.name ?? p.name;

export async function checkupOf(
  db: Db,
  memberId: number,
  language: Language,
  now: Date = new Date(),
): Promise<CheckupState> {
  const today = beijingToday(now);
  const { insured, applicant } = await checkupPersons(db, memberId);
  const list = persons(insured, applicant);
  const [rows, products] = await Promise.all([
    coversInForce(db, memberId, [...new Set(list.map((p) => p.row.idNumber))], now),
    onSaleProducts(db),
  ]);
  const locales = await versionLocales(
    db,
    rows.map((r) => r.versionId),
    language,
  );

  const coversOf = (idNumber: string): CheckupCover[] =>
    rows.flatMap((r) => {
      const category = categoryOf(r.typeCode, r.content);
      if (r.idNumber !== idNumber || !category) return [];
      const named = nameSold(
        { productName: r.productName, planName: r.planName },
        locales.get(r.versionId),
        r.planCode,
      );
      const daysLeft = daysBetween(today, r.endDate);
      return [
        {
          category,
          policyId: r.policyId,
          policyNo: r.policyNo,
          productId: r.productId,
          productName: named.productName,
          planName: named.planName,
          endDate: r.endDate,
          daysLeft,
          endsSoon: daysLeft <= ENDS_SOON_DAYS,
        },
      ];
    });

  const people: CheckupPerson[] = [];
  const entries: CheckupEntry[] = [];
  for (const { row, self } of list) {
    const covers = coversOf(row.idNumber);
    const gaps = CHECKUP_CATEGORIES.filter((c) => !covers.some((cover) => cover.category === c));
    entries.push({ row, self, gaps });
    people.push({
      personId: row.id,
      self,
      name: row.name,
      relation: self ? 'self' : row.relation,
      idNumber: maskIdNumber(row.idNumber),
      mobile: row.mobile ? maskMobile(row.mobile) : null,
      age: Math.max(ageOn(row.birthDate, today), 0),
      covers,
      gaps,
    });
  }

  const gaps: CheckupGap[] = CHECKUP_CATEGORIES.flatMap((category) => {
    const uncovered = entries.filter((e) => e.gaps.includes(category)).map((e) => e.row);
    if (!uncovered.length) return [];
    const product = suitableProduct(products, category, uncovered, today);
    return [
      {
        category,
        personIds: uncovered.map((r) => r.id),
        product: product ? { id: product.id, name: productName(product, language) } : null,
      },
    ];
  });

  const selfRow = list.find((p) => p.self)?.row ?? null;
  return {
    answer: { today, endsSoonDays: ENDS_SOON_DAYS, selfMissing: !selfRow, persons: people, gaps },
    entries,
    applicant: applicant ?? selfRow,
    products,
  };
}
