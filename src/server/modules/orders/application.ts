import type { z } from 'zod';
import type { QuoteResult } from '#shared/catalogue.ts';
import { ageOn, birthDateFromId, sexFromId, type Sex } from '#shared/identity.ts';
import {
  ApplicantSchema,
  HolderSchema,
  InsuredSchema,
  type Holder,
  type IdType,
  type Relation,
} from '#shared/orders.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SellableProduct } from '../catalogue/repository.ts';
import { checkApplicantAge, quotePremium } from '../catalogue/quote.ts';
import type { DraftRow, TeamMemberRow } from './draft-repository.ts';
import { phrase } from '../../lib/texts/render.ts';
import type { IssueText } from '../../lib/texts/issues.ts';
import { type TextKey, isTextKey } from '../../lib/texts/catalogue.ts';
import { zodIssueText } from '../../lib/texts/issues.ts';

/**
 * A draft checked in full for submission: every field valid (GB 11643 check digits, mobiles),
 * product rules kept (applicant age, insured ages, team size, region) and the premium computed
 * here, on the server, from the version being sold (docs/decisions/insurance-rules.md).
 */

export interface PersonRecord {
  relation: Relation | null;
  name: string;
  idType: IdType;
  idNumber: string;
  mobile: string;
  email: string | null;
  birthDate: string;
  sex: Sex;
  age: number;
  occupationClass: number | null;
  premiumFen: number | null;
}

export interface Application {
  planCode: string;
  termDays: number;
  startDate: string;
  region: string | null;
  applicant: PersonRecord | null;
  holder: Holder | null;
  insured: PersonRecord[];
  quote: QuoteResult;
}

export const REPORT = { reportInput: true } as const;

/** The name of an application field in "please fill in", else the field's own name. */
const fieldLabel = (key: string) =>
  isTextKey(`applicationField.${key}`) ? (`applicationField.${key}` as TextKey) : key;

/** Zod issues (of a parse with `reportInput`) as form issues under `prefix`; a missing field reads "请填写…". */
export function formIssues(prefix: string, error: z.ZodError): IssueText[] {
  return error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'invalid_union' || (issue.code === 'invalid_type' && key === 'relation')) {
      return { field: `${prefix}.relation`, message: 'orders.relationRequired' };
    }
    // Parsed with reportInput: a missing field has no input, a wrong one keeps its own message.
    if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined)
      return { field, message: phrase('orders.fill', { field: fieldLabel(key) }) };
    return { field, message: zodIssueText(issue) };
  });
}

function person(
  base: { name: string; idType: IdType; idNumber: string; mobile?: string; email?: string },
  startDate: string,
  relation: Relation | null,
): PersonRecord {
  const birthDate = birthDateFromId(base.idNumber);
  return {
    relation,
    name: base.name,
    idType: base.idType,
    idNumber: base.idNumber,
    mobile: base.mobile ?? '',
    email: base.email ?? null,
    birthDate,
    sex: sexFromId(base.idNumber),
    age: ageOn(birthDate, startDate),
    occupationClass: null,
    premiumFen: null,
  };
}

function refuseForm(issues: IssueText[]): never {
  throw new AppError('A0400', phrase('orders.applicationInvalid', { problem: issues[0].message }), issues);
}

/** Plan, term, start date and, where the product is sold in listed regions only, the region. */
function planIssues(product: SellableProduct, draft: DraftRow): IssueText[] {
  const issues: IssueText[] = [];
  if (!draft.planCode) issues.push({ field: 'planCode', message: 'orders.planRequired' });
  if (!draft.termDays) issues.push({ field: 'termDays', message: 'orders.termRequired' });
  if (!draft.startDate) issues.push({ field: 'startDate', message: 'orders.startDateRequired' });
  const { sold } = product.content.limits.regions;
  if (!sold.includes('中国大陆') && !draft.region)
    issues.push({ field: 'region', message: phrase('orders.regionRequired', { sold }) });
  return issues;
}

/** The insured person against the applicant: "本人" must be chosen for oneself, and families make sense. */
function relationIssues(applicant: PersonRecord, insured: PersonRecord): IssueText[] {
  if (insured.relation === 'self') return [];
  if (insured.idNumber === applicant.idNumber) return [{ field: 'insured.relation', message: 'orders.selfIsSame' }];
  if (insured.relation === 'child' && insured.birthDate <= applicant.birthDate)
    return [{ field: 'insured.idNumber', message: 'orders.childBornBefore' }];
  if (insured.relation === 'parent' && insured.birthDate >= applicant.birthDate)
    return [{ field: 'insured.idNumber', message: 'orders.parentBornAfter' }];
  return [];
}

function individual(draft: DraftRow, startDate: string): { applicant: PersonRecord; insured: PersonRecord[] } {
  const a = ApplicantSchema.safeParse(draft.applicant ?? {}, REPORT);
  const i = InsuredSchema.safeParse(draft.insured ?? {}, REPORT);
  const issues = [
    ...(a.success ? [] : formIssues('applicant', a.error)),
    ...(i.success ? [] : formIssues('insured', i.error)),
  ];
  if (!a.success || !i.success) refuseForm(issues);
  const applicant = person(a.data, startDate, null);
  const insured =
    i.data.relation === 'self'
      ? { ...applicant, relation: 'self' as const }
      : person(i.data, startDate, i.data.relation);
  const related = relationIssues(applicant, insured);
  if (related.length) refuseForm(related);
  return { applicant, insured: [insured] };
}

function team(draft: DraftRow, rows: TeamMemberRow[], startDate: string): { holder: Holder; insured: PersonRecord[] } {
  const h = HolderSchema.safeParse(draft.holder ?? {}, REPORT);
  if (!h.success) refuseForm(formIssues('holder', h.error));
  if (rows.length === 0) refuseForm([{ field: 'team', message: 'orders.teamListRequired' }]);
  const insured = rows.map((r) => ({
    ...person({ ...r, idType: r.idType as IdType }, startDate, null),
    occupationClass: r.occupationClass,
  }));
  return { holder: h.data, insured };
}

/** Checks the draft for submission and prices it; throws A0400 (form) or A0420 (product rule). */
export function buildApplication(
  product: SellableProduct,
  draft: DraftRow,
  rows: TeamMemberRow[],
  today: string,
): Application {
  const planProblems = planIssues(product, draft);
  if (planProblems.length) refuseForm(planProblems);
  const startDate = draft.startDate!;
  const { applicant, holder, insured } = product.team
    ? { applicant: null, ...team(draft, rows, startDate) }
    : { holder: null, ...individual(draft, startDate) };
  const quote = quotePremium(
    { id: product.id, versionId: product.versionId, team: product.team, content: product.content },
    {
      planCode: draft.planCode!,
      termDays: draft.termDays!,
      startDate,
      region: draft.region ?? undefined,
      insured: insured.map((p) => ({
        birthDate: p.birthDate,
        ...(p.occupationClass ? { occupationClass: p.occupationClass } : {}),
      })),
    },
    today,
  );
  if (applicant) checkApplicantAge(product.content.limits, applicant.birthDate, startDate);
  return {
    planCode: draft.planCode!,
    termDays: draft.termDays!,
    startDate,
    region: draft.region,
    applicant,
    holder,
    insured: insured.map((p, i) => ({ ...p, premiumFen: quote.perPerson[i].premiumFen })),
    quote,
  };
}
