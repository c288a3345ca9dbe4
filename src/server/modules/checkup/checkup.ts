import { addDays, beijingToday, daysBetween, daysLeft } from '#shared/beijing-time.ts';
import type { ProductContent } from '#shared/catalogue.ts';
import {
  ENDS_SOON_DAYS,
  FAMILY_CATEGORIES,
  type Checkup,
  type CheckupCategory,
  type CheckupCover,
  type CheckupGap,
  type CheckupPerson,
  type CheckupSuggestion,
  type FamilyCategory,
} from '#shared/checkup.ts';
import type { Language } from '#shared/constants.ts';
import { ageOn, maskIdNumber, maskMobile } from '#shared/identity.ts';
import type { Db } from '../../db/client.ts';
import { versionLocales } from '../catalogue/repository.ts';
import { localeOf, nameSold } from '../catalogue/localize.ts';
import { categoryOf } from './categories.ts';
import {
  addedCoversHeld,
  checkupPersons,
  coversHeld,
  onSaleProducts,
  type OnSaleProduct,
  type SavedPersonRow,
} from './repository.ts';

/**
 * The family cover check-up (docs/decisions/family-cover-check-up.md): the member's persons, what
 * their policies (bought here or added, 保单托管) cover today or from a later start by category,
 * what ends within ENDS_SOON_DAYS, the family gaps, and for each person in a gap the individual
 * product that fits them, or none with the reason.
 */

export interface CheckupEntry {
  row: SavedPersonRow;
  self: boolean;
  gaps: FamilyCategory[];
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

type Unfit = Pick<CheckupSuggestion, 'reason' | 'age' | 'minDays'>;

/** Why the product cannot insure this person at its earliest start, or null when it can. */
function unfitFor(content: ProductContent, row: SavedPersonRow, today: string): Unfit | null {
  const start = earliestStart(content, today);
  const { insuredAge, insuredMinDays } = content.limits;
  const age = Math.max(ageOn(row.birthDate, start), 0);
  if (age < insuredAge.min || age > insuredAge.max) return { reason: 'age', age, minDays: null };
  if (insuredMinDays && daysBetween(row.birthDate, start) < insuredMinDays)
    return { reason: 'minDays', age, minDays: insuredMinDays };
  return null;
}

/** The on-sale products a person can buy as an individual in a category, in catalogue order. */
const individualProducts = (products: OnSaleProduct[], category: CheckupCategory): OnSaleProduct[] =>
  products.filter((p) => !p.team && categoryOf(p.typeCode, p.content) === category);

export interface Suggestion extends CheckupSuggestion {
  offer: OnSaleProduct | null;
}

/**
 * What fits one person lacking a category: the first individual product in catalogue order that
 * takes them at its earliest start (age, days since birth), or none with the reason.
 */
export function suggestionFor(
  products: OnSaleProduct[],
  category: CheckupCategory,
  row: SavedPersonRow,
  today: string,
  language: Language,
): Suggestion {
  const candidates = individualProducts(products, category);
  const ageRanges = candidates.map((p) => p.content.limits.insuredAge);
  const base = { personId: row.id, name: row.name, ageRanges };
  const unfits: Unfit[] = [];
  for (const product of candidates) {
    const unfit = unfitFor(product.content, row, today);
    if (!unfit) {
      const named = { id: product.id, name: productName(product, language) };
      return {
        ...base,
        product: named,
        reason: null,
        age: Math.max(ageOn(row.birthDate, today), 0),
        minDays: null,
        offer: product,
      };
    }
    unfits.push(unfit);
  }
  const unfit = unfits.find((u) => u.reason === 'minDays') ?? unfits[0];
  return {
    ...base,
    product: null,
    reason: unfit?.reason ?? 'noProduct',
    age: unfit?.age ?? Math.max(ageOn(row.birthDate, today), 0),
    minDays: unfit?.minDays ?? null,
    offer: null,
  };
}

/** The suggestion as the contract answers it. */
export const withoutOffer = ({ offer: _offer, ...suggestion }: Suggestion): CheckupSuggestion => suggestion;

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
  const idNumbers = [...new Set(list.map((p) => p.row.idNumber))];
  const [rows, added, products] = await Promise.all([
    coversHeld(db, memberId, idNumbers, now),
    addedCoversHeld(db, memberId, idNumbers, today),
    onSaleProducts(db),
  ]);
  const locales = await versionLocales(
    db,
    rows.map((r) => r.versionId),
    language,
  );

  const timing = (startDate: string, endDate: string) => {
    const left = daysLeft(endDate, today);
    return { startDate, endDate, pending: startDate > today, daysLeft: left, endsSoon: left <= ENDS_SOON_DAYS };
  };
  const ours = (idNumber: string): CheckupCover[] =>
    rows.flatMap((r) => {
      const category = categoryOf(r.typeCode, r.content);
      if (r.idNumber !== idNumber || !category) return [];
      const named = nameSold(
        { productName: r.productName, planName: r.planName },
        locales.get(r.versionId),
        r.planCode,
      );
      return [
        {
          category,
          source: 'ours' as const,
          policyId: r.policyId,
          policyNo: r.policyNo,
          insurer: null,
          productName: named.productName,
          planName: named.planName,
          ...timing(r.startDate, r.endDate),
        },
      ];
    });
  const held = (idNumber: string): CheckupCover[] =>
    added
      .filter((r) => r.idNumber === idNumber)
      .map((r) => ({
        category: r.category,
        source: 'added' as const,
        policyId: r.policyId,
        policyNo: r.policyNo,
        insurer: r.insurer,
        productName: r.productName,
        planName: null,
        ...timing(r.startDate, r.endDate),
      }));

  const people: CheckupPerson[] = [];
  const entries: CheckupEntry[] = [];
  for (const { row, self } of list) {
    const covers = [...ours(row.idNumber), ...held(row.idNumber)].sort(
      (a, b) => a.endDate.localeCompare(b.endDate) || a.source.localeCompare(b.source) || a.policyId - b.policyId,
    );
    // Cover held anywhere, in force or starting later, fills its category: no gap, no suggestion.
    const gaps = FAMILY_CATEGORIES.filter((c) => !covers.some((cover) => cover.category === c));
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

  const gaps: CheckupGap[] = FAMILY_CATEGORIES.flatMap((category) => {
    const uncovered = entries.filter((e) => e.gaps.includes(category)).map((e) => e.row);
    if (!uncovered.length) return [];
    const suggestions = uncovered.map((row) => withoutOffer(suggestionFor(products, category, row, today, language)));
    return [{ category, personIds: uncovered.map((r) => r.id), suggestions }];
  });

  const selfRow = list.find((p) => p.self)?.row ?? null;
  return {
    answer: { today, endsSoonDays: ENDS_SOON_DAYS, selfMissing: !selfRow, persons: people, gaps },
    entries,
    applicant: applicant ?? selfRow,
    products,
  };
}
