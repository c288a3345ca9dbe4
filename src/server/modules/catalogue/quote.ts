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

/**
 * Premium pricing, server side only (docs/decisions.md#insurance-rules): plan × age band (or occupation class band
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
function refuse(field: string, message: string): never {
  throw new AppError('A0420', message, [{ field, message }]);
}

/** Last day of cover (cover ends at 24:00 of it). See ANNUAL_TERM_DAYS for the one-year term. */
export function endDateOf(startDate: string, termDays: number): string {
  if (termDays !== ANNUAL_TERM_DAYS) return addDays(startDate, termDays - 1);
  // 29 February + 1 year rolls to 1 March, so the policy ends on 28 February.
  return addDays(addYears(startDate, 1), -1);
}

// Numbers get a space on both sides, as in the other messages: "明天至 30 天后之间".
const offsetLabel = (days: number) => (days === 0 ? '今天' : days === 1 ? '明天' : ` ${days} 天后`);

function checkStartDate(limits: Limits, startDate: string, today: string): void {
  const { min, max } = limits.startOffsetDays;
  const offset = daysBetween(today, startDate);
  if (offset < min || offset > max) {
    refuse(
      'startDate',
      `起保日期需在${offsetLabel(min)}至${offsetLabel(max)}之间（${addDays(today, min)} 至 ${addDays(today, max)}）`,
    );
  }
}

function checkRegion(limits: Limits, region: string | undefined): void {
  if (!region) return;
  const { sold, excluded } = limits.regions;
  const inside = sold.includes('中国大陆') || sold.includes(region);
  if (excluded.includes(region) || !inside)
    refuse('region', `该产品暂不在${region}销售（销售区域：${sold.join('、')}）`);
}

function checkOccupation(limits: Limits, occupationClass: number, field: string, who: string): void {
  const { min, max } = limits.occupationClasses;
  if (occupationClass < min || occupationClass > max) {
    refuse(field, `${who}该职业类别不在承保范围内（可承保 ${min}–${max} 类）`);
  }
}

/** The age the premium is taken at: full years at the start date, from the birth date when given. */
function insuredAge(
  limits: Limits,
  insured: NonNullable<QuoteInput['insured']>[number],
  startDate: string,
  field: string,
  who: string,
): number | null {
  if (insured.birthDate) {
    if (insured.birthDate > startDate) refuse(`${field}.birthDate`, `${who}出生日期不能晚于起保日期`);
    const days = daysBetween(insured.birthDate, startDate);
    if (limits.insuredMinDays && days < limits.insuredMinDays)
      refuse(`${field}.birthDate`, `${who}需出生满 ${limits.insuredMinDays} 天`);
    return ageOn(insured.birthDate, startDate);
  }
  return insured.age ?? null;
}

function checkAge(limits: Limits, age: number, field: string, who: string): void {
  const { min, max } = limits.insuredAge;
  if (age < min || age > max) refuse(field, `${who}被保人年龄需在 ${min}–${max} 周岁之间`);
}

function individualPersons(limits: Limits, input: QuoteInput): Person[] {
  if (!input.insured) refuse('insured', '请填写被保人信息');
  const many = input.insured.length > 1;
  return input.insured.map((insured, i) => {
    const field = `insured.${i}`;
    const who = many ? `第 ${i + 1} 位` : '';
    const age = insuredAge(limits, insured, input.startDate, field, who);
    if (age === null) refuse(`${field}.birthDate`, `请填写${who}被保人的出生日期`);
    checkAge(limits, age, insured.birthDate ? `${field}.birthDate` : `${field}.age`, who);
    if (insured.occupationClass !== undefined)
      checkOccupation(limits, insured.occupationClass, `${field}.occupationClass`, who ? `${who}被保人：` : '');
    return { age, occupationClass: insured.occupationClass ?? null };
  });
}

function checkTeamSize(limits: Limits, count: number, field: string): void {
  const { min, max } = limits.teamSize!;
  if (count < min || count > max) refuse(field, `团体人数需在 ${min}–${max} 人之间`);
}

/** Team products: the insured list, or `count` heads of one occupation class for an estimate. */
function teamPersons(limits: Limits, input: QuoteInput): Person[] {
  if (input.insured) {
    checkTeamSize(limits, input.insured.length, 'insured');
    return input.insured.map((insured, i) => {
      const field = `insured.${i}`;
      const who = `第 ${i + 1} 位`;
      if (insured.occupationClass === undefined) refuse(`${field}.occupationClass`, `请填写${who}被保人的职业类别`);
      checkOccupation(limits, insured.occupationClass, `${field}.occupationClass`, `${who}被保人：`);
      const age = insuredAge(limits, insured, input.startDate, field, who);
      if (age !== null) checkAge(limits, age, insured.birthDate ? `${field}.birthDate` : `${field}.age`, who);
      return { age, occupationClass: insured.occupationClass };
    });
  }
  const { count, occupationClass } = input;
  if (count === undefined) refuse('count', '请填写投保人数或被保人名单');
  if (occupationClass === undefined) refuse('occupationClass', '请选择职业类别');
  checkOccupation(limits, occupationClass, 'occupationClass', '');
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
  if (!row) refuse('insured', '该被保人暂无适用费率');
  return row.premiumFen;
}

/** Prices one application against one product version, or throws A0420 naming the broken rule. */
export function quotePremium(product: QuotableProduct, input: QuoteInput, today: string): QuoteResult {
  const { content } = product;
  const { limits } = content;
  if (!content.plans.some((p) => p.code === input.planCode)) {
    refuse('planCode', `方案不存在（可选：${content.plans.map((p) => p.name).join('、')}）`);
  }
  if (!content.terms.some((t) => t.days === input.termDays)) {
    refuse('termDays', `保障期限不可选（可选：${content.terms.map((t) => t.label).join('、')}）`);
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
    refuse('applicant.birthDate', `投保人需年满 ${limits.applicantMinAge} 周岁`);
}
