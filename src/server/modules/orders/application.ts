import type { z } from 'zod';
import type { QuoteResult } from '#shared/catalogue.ts';
import type { FieldIssue } from '#shared/envelope.ts';
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

/**
 * A draft checked in full for submission: every field valid (GB 11643 check digits, mobiles),
 * product rules kept (applicant age, insured ages, team size, region) and the premium computed
 * here, on the server, from the version being sold (docs/decisions.md#insurance-rules).
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

const LABELS: Record<string, string> = {
  name: '姓名',
  idType: '证件类型',
  idNumber: '证件号码',
  mobile: '手机号',
  email: '邮箱',
  relation: '与投保人关系',
  occupationClass: '职业类别',
  company: '投保单位名称',
  creditCode: '统一社会信用代码',
  contact: '联系人',
  contactMobile: '联系人手机号',
};

/** Zod issues (of a parse with `reportInput`) as form issues under `prefix`; a missing field reads "请填写…". */
export function formIssues(prefix: string, error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'invalid_union' || (issue.code === 'invalid_type' && key === 'relation')) {
      return { field: `${prefix}.relation`, message: '请选择被保人与投保人的关系' };
    }
    // Parsed with reportInput: a missing field has no input, a wrong one keeps its own message.
    if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined)
      return { field, message: `请填写${LABELS[key] ?? key}` };
    return { field, message: issue.message };
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

function refuseForm(issues: FieldIssue[]): never {
  throw new AppError('A0400', `投保信息不完整或有误：${issues[0].message}`, issues);
}

/** Plan, term, start date and, where the product is sold in listed regions only, the region. */
function planIssues(product: SellableProduct, draft: DraftRow): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (!draft.planCode) issues.push({ field: 'planCode', message: '请选择投保方案' });
  if (!draft.termDays) issues.push({ field: 'termDays', message: '请选择保障期限' });
  if (!draft.startDate) issues.push({ field: 'startDate', message: '请选择起保日期' });
  const { sold } = product.content.limits.regions;
  if (!sold.includes('中国大陆') && !draft.region)
    issues.push({ field: 'region', message: `请选择投保地区（本产品仅在${sold.join('、')}销售）` });
  return issues;
}

/** The insured person against the applicant: "本人" must be chosen for oneself, and families make sense. */
function relationIssues(applicant: PersonRecord, insured: PersonRecord): FieldIssue[] {
  if (insured.relation === 'self') return [];
  if (insured.idNumber === applicant.idNumber)
    return [{ field: 'insured.relation', message: '被保人与投保人是同一人时，请选择“本人”' }];
  if (insured.relation === 'child' && insured.birthDate <= applicant.birthDate)
    return [{ field: 'insured.idNumber', message: '子女的出生日期应晚于投保人' }];
  if (insured.relation === 'parent' && insured.birthDate >= applicant.birthDate)
    return [{ field: 'insured.idNumber', message: '父母的出生日期应早于投保人' }];
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
  if (rows.length === 0) refuseForm([{ field: 'team', message: '请添加被保人名单' }]);
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
