import {
  ANNUAL_TERM_DAYS,
  type Limits,
  type ProductContent,
  type QuoteInput,
  type QuoteResult,
} from '#shared/catalogue.ts';
import { addDays, addYears, daysBetween } from '#shared/beijing-time.ts';
import { ageOn } from '#shared/identity.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Phrase } from '../../lib/texts/render.ts';
import { phrase } from '../../lib/texts/render.ts';

/**
 * Premium pricing, server side only (docs/decisions/insurance-rules.md): plan × age band (or occupation class band
 * for team products) × term × insured count, every product limit enforced. Pure: the quote route
 * and the order module's submit call it with the version they load and today's Beijing date.
 */

export interface QuotableProduct {
  id: number;
  versionId: number;
  team: boolean;
  content: ProductContent;
}

interface Person {
  age: number | null;
  occupationClass: number | null;
}

/** A broken product rule: 400 A0420 naming the rule, with the field for the form. */
function refuse(field: string, message: Phrase): never {
  throw new AppError('A0420', message, [{ field, message }]);
}

/** Last day of cover (cover ends at 24:00 of it). See ANNUAL_TERM_DAYS for the one-year term. */
export function endDateOf(startDate: string, termDays: number): string {
  if (termDays !== ANNUAL_TERM_DAYS) return addDays(startDate, termDays - 1);
  // 29 February + 1 year rolls to 1 March, so the policy ends on 28 February.
  return addDays(addYears(startDate, 1), -1);
}

const offsetLabel = (days: number): Phrase =>
  days === 0 ? 'quote.today' : days === 1 ? 'quote.tomorrow' : phrase('quote.inDays', { days });

function checkStartDate(limits: Limits, startDate: string, today: string): void {
  const { min, max } = limits.startOffsetDays;
  const offset = daysBetween(today, startDate);
  if (offset < min || offset > max) {
    refuse(
      'startDate',
      phrase('quote.startDate', {
        from: offsetLabel(min),
        to: offsetLabel(max),
        first: addDays(today, min),
        last: addDays(today, max),
      }),
    );
  }
}

function checkRegion(limits: Limits, region: string | undefined): void {
  if (!region) return;
  const { sold, excluded } = limits.regions;
  const inside = sold.includes('中国大陆') || sold.includes(region);
  if (excluded.includes(region) || !inside) refuse('region', phrase('quote.region', { region, sold }));
}

/** `position`: which insured person (from 1) when several are quoted, else 0. */
function checkOccupation(limits: Limits, occupationClass: number, field: string, position: number): void {
  const { min, max } = limits.occupationClasses;
  if (occupationClass < min || occupationClass > max) {
    refuse(field, phrase('quote.occupation', { position, min, max }));
  }
}

/** The age the premium is taken at: full years at the start date, from the birth date when given. */
function insuredAge(
  limits: Limits,
  insured: NonNullable<QuoteInput['insured']>[number],
  startDate: string,
  field: string,
  position: number,
): number | null {
  if (insured.birthDate) {
    if (insured.birthDate > startDate) refuse(`${field}.birthDate`, phrase('quote.bornAfterStart', { position }));
    const days = daysBetween(insured.birthDate, startDate);
    if (limits.insuredMinDays && days < limits.insuredMinDays)
      refuse(`${field}.birthDate`, phrase('quote.tooYoung', { position, days: limits.insuredMinDays }));
    return ageOn(insured.birthDate, startDate);
  }
  return insured.age ?? null;
}

function checkAge(limits: Limits, age: number, field: string, position: number): void {
  const { min, max } = limits.insuredAge;
  if (age < min || age > max) refuse(field, phrase('quote.age', { position, min, max }));
}

function individualPersons(limits: Limits, input: QuoteInput): Person[] {
  if (!input.insured) refuse('insured', 'quote.insuredRequired');
  const many = input.insured.length > 1;
  return input.insured.map((insured, i) => {
    const field = `insured.${i}`;
    const position = many ? i + 1 : 0;
    const age = insuredAge(limits, insured, input.startDate, field, position);
    if (age === null) refuse(`${field}.birthDate`, phrase('quote.birthDateRequired', { position }));
    checkAge(limits, age, insured.birthDate ? `${field}.birthDate` : `${field}.age`, position);
    if (insured.occupationClass !== undefined)
      checkOccupation(limits, insured.occupationClass, `${field}.occupationClass`, position);
    return { age, occupationClass: insured.occupationClass ?? null };
  });
}

function checkTeamSize(limits: Limits, count: number, field: string): void {
  const { min, max } = limits.teamSize!;
  if (count < min || count > max) refuse(field, phrase('quote.teamSize', { min, max }));
}

/** Team products: the insured list, or `count` heads of one occupation class for an estimate. */
function teamPersons(limits: Limits, input: QuoteInput): Person[] {
  if (input.insured) {
    checkTeamSize(limits, input.insured.length, 'insured');
    return input.insured.map((insured, i) => {
      const field = `insured.${i}`;
      const position = i + 1;
      if (insured.occupationClass === undefined)
        refuse(`${field}.occupationClass`, phrase('quote.occupationRequired', { position }));
      checkOccupation(limits, insured.occupationClass, `${field}.occupationClass`, position);
      const age = insuredAge(limits, insured, input.startDate, field, position);
      if (age !== null) checkAge(limits, age, insured.birthDate ? `${field}.birthDate` : `${field}.age`, position);
      return { age, occupationClass: insured.occupationClass };
    });
  }
  const { count, occupationClass } = input;
  if (count === undefined) refuse('count', 'quote.countRequired');
  if (occupationClass === undefined) refuse('occupationClass', 'quote.occupationClassRequired');
  checkOccupation(limits, occupationClass, 'occupationClass', 0);
  checkTeamSize(limits, count, 'count');
  return Array.from({ length: count }, () => ({ age: null, occupationClass }));
}

function priceOf(product: QuotableProduct, planCode: string, termDays: number, person: Person): number {
  const { premiums } = product.content;
  const row =
    premiums.basis === 'age'
      ? premiums.rows.find(
          (r) =>
            r.planCode === planCode && r.termDays === termDays && r.minAge <= person.age! && person.age! <= r.maxAge,
        )
      : premiums.rows.find(
          (r) =>
            r.planCode === planCode &&
            r.termDays === termDays &&
            r.minClass <= person.occupationClass! &&
            person.occupationClass! <= r.maxClass,
        );
  // ProductContentSchema guarantees a rate for every allowed age and class; this is a safety net.
  if (!row) refuse('insured', 'quote.noRate');
  return row.premiumFen;
}

/** Prices one application against one product version, or throws A0420 naming the broken rule. */
export function quotePremium(product: QuotableProduct, input: QuoteInput, today: string): QuoteResult {
  const { content } = product;
  const { limits } = content;
  if (!content.plans.some((p) => p.code === input.planCode)) {
    refuse('planCode', phrase('quote.planUnknown', { plans: content.plans.map((p) => p.name) }));
  }
  if (!content.terms.some((t) => t.days === input.termDays)) {
    refuse('termDays', phrase('quote.termUnknown', { terms: content.terms.map((t) => t.label) }));
  }
  checkStartDate(limits, input.startDate, today);
  checkRegion(limits, input.region);
  const persons = product.team ? teamPersons(limits, input) : individualPersons(limits, input);
  const perPerson = persons.map((p) => ({ ...p, premiumFen: priceOf(product, input.planCode, input.termDays, p) }));
  return {
    productId: product.id,
    versionId: product.versionId,
    planCode: input.planCode,
    termDays: input.termDays,
    startDate: input.startDate,
    endDate: endDateOf(input.startDate, input.termDays),
    insuredCount: perPerson.length,
    premiumFen: perPerson.reduce((sum, p) => sum + p.premiumFen, 0),
    perPerson,
  };
}

/** For the order module: the applicant must be of age at the start date (limits.applicantMinAge). */
export function checkApplicantAge(limits: Limits, birthDate: string, startDate: string): void {
  if (ageOn(birthDate, startDate) < limits.applicantMinAge)
    refuse('applicant.birthDate', phrase('quote.applicantAge', { age: limits.applicantMinAge }));
}
