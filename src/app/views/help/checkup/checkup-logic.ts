import {
  FAMILY_CATEGORIES,
  type Checkup,
  type CheckupCategory,
  type CheckupCover,
  type CheckupGap,
  type CheckupQuote,
  type CheckupSuggestion,
} from '#shared/checkup.ts';
import type { MessageKey } from '../../../i18n/index.ts';

/** What the check-up page draws from the server's answer (docs/decisions/family-cover-check-up.md). */

export const CATEGORY_LABELS: Record<CheckupCategory, MessageKey> = {
  accident: 'checkup.category.accident',
  medical: 'checkup.category.medical',
  travel: 'checkup.category.travel',
  team: 'checkup.category.team',
};

/** The rows of a person's card: every family category, and 团体险 only when held. */
export function cardCategories(covers: CheckupCover[]): CheckupCategory[] {
  return covers.some((c) => c.category === 'team') ? [...FAMILY_CATEGORIES, 'team'] : [...FAMILY_CATEGORIES];
}

export interface EndingCover extends CheckupCover {
  personName: string;
}

/** Every cover ending within the window, soonest first, with whose it is. */
export function endingSoon(checkup: Checkup): EndingCover[] {
  return checkup.persons
    .flatMap((p) => p.covers.filter((c) => c.endsSoon).map((c) => ({ ...c, personName: p.name })))
    .sort((a, b) => a.daysLeft - b.daysLeft || a.personName.localeCompare(b.personName));
}

/** The names of a gap's persons, in the page's order. */
export function namesOf(checkup: Checkup, personIds: number[]): string[] {
  return checkup.persons.filter((p) => personIds.includes(p.personId)).map((p) => p.name);
}

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** Why no product is suggested for a person. */
export function leftOutNote(t: Translate, s: CheckupSuggestion): string {
  if (s.reason === 'minDays') return t('checkup.leftOut.minDays', { name: s.name, n: s.minDays ?? 0 });
  if (s.reason === 'noProduct') return t('checkup.leftOut.noProduct', { name: s.name });
  const ranges = s.ageRanges.map((r) => `${r.min}–${r.max}`).join(t('common.listJoin'));
  return t('checkup.leftOut.age', { name: s.name, age: s.age, ranges });
}

/** One line per person of a gap: the product suggested, or none with the reason. */
export function suggestionLines(t: Translate, gap: CheckupGap): string[] {
  return gap.suggestions.map((s) =>
    s.product ? t('checkup.suggestFor', { name: s.name, product: s.product.name }) : leftOutNote(t, s),
  );
}

/**
 * What to tell the buyer before the first draft opens: who was left out and why, and that the
 * others' drafts wait in 草稿箱. Empty when the draft opened is the whole story.
 */
export function quoteNotes(t: Translate, quote: CheckupQuote): string[] {
  const notes = quote.leftOut.map((l) => leftOutNote(t, l));
  if (quote.drafts.length && quote.drafts.every((d) => d.reused)) notes.push(t('checkup.reused'));
  const rest = quote.drafts.slice(1).flatMap((d) => d.names);
  if (rest.length) notes.push(t('checkup.moreDrafts', { names: rest.join(t('common.listJoin')), n: rest.length }));
  return notes;
}
