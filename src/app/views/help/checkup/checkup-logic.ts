import type { Checkup, CheckupCategory, CheckupCover, CheckupLeftOut, CheckupQuote } from '#shared/checkup.ts';
import type { MessageKey } from '../../../i18n/index.ts';

/** What the check-up page draws from the server's answer (docs/decisions/family-cover-check-up.md). */

export const CATEGORY_LABELS: Record<CheckupCategory, MessageKey> = {
  accident: 'checkup.category.accident',
  medical: 'checkup.category.medical',
  travel: 'checkup.category.travel',
  team: 'checkup.category.team',
};

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

export function leftOutNote(t: Translate, l: CheckupLeftOut): string {
  return l.reason === 'minDays'
    ? t('checkup.leftOut.minDays', { name: l.name, n: l.minDays ?? 0 })
    : t('checkup.leftOut.age', { name: l.name, age: l.age, min: l.minAge, max: l.maxAge });
}

/**
 * What to tell the buyer before the first draft opens: who was left out and why, and that the
 * others' drafts wait in 草稿箱. Empty when the draft opened is the whole story.
 */
export function quoteNotes(t: Translate, quote: CheckupQuote): string[] {
  const notes = quote.leftOut.map((l) => leftOutNote(t, l));
  const rest = quote.drafts.slice(1).flatMap((d) => d.names);
  if (rest.length) notes.push(t('checkup.moreDrafts', { names: rest.join('、'), n: rest.length }));
  return notes;
}
