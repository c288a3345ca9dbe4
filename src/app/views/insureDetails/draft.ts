import { isCreditCode } from '#shared/credit-code.ts';
import { addDays, beijingToday } from '#shared/beijing-time.ts';
import type { FieldIssue } from '#shared/envelope.ts';
import type { Draft, DraftStep, UpdateDraftInput } from '#shared/orders.ts';
import type { ProductDetail } from '#shared/catalogue.ts';
import { idNumberProblem, isValidMobile } from '#shared/identity.ts';
import type { PersonValues } from '../../components/ui/person-fields.tsx';

/** The policyholder of a team product: the employer. */
export interface TeamHolder {
  company: string;
  creditCode: string;
  contact: string;
  contactMobile: string;
}

/**
 * What the buyer has chosen so far. The server keeps it as a draft (投保单) after the first step,
 * so a reload or 草稿箱 resumes here; the team list lives on the server only.
 */
export interface InsureDraft {
  planCode: string;
  termDays: number;
  startDate: string;
  /** Province, for products sold in listed regions only; null elsewhere. */
  region: string | null;
  applicant: PersonValues | null;
  /** For `self` the applicant's details with relation 'self'. */
  insured: PersonValues | null;
  holder: TeamHolder | null;
}

/** Step indexes 0–4 in this order; team products use 1 for 投保单位 and the list, and skip 2. */
export const INSURE_STEPS = [
  'plan',
  'applicant',
  'insured',
  'health',
  'confirm',
] as const satisfies readonly DraftStep[];
export type InsureStep = (typeof INSURE_STEPS)[number];

/** Whether a product is sold in listed provinces only: then the buyer names theirs. */
export function needsRegion(product: Pick<ProductDetail, 'limits'>): boolean {
  return !product.limits.regions.sold.includes('中国大陆');
}

export function regionChoices(product: Pick<ProductDetail, 'limits'>): string[] {
  const { sold, excluded } = product.limits.regions;
  return sold.filter((r) => !excluded.includes(r));
}

/** The start date window of the product, as Beijing dates. */
export function startWindow(
  product: Pick<ProductDetail, 'limits'>,
  today = beijingToday(),
): { earliest: string; latest: string } {
  return {
    earliest: addDays(today, product.limits.startOffsetDays.min),
    latest: addDays(today, product.limits.startOffsetDays.max),
  };
}

export function firstDraft(product: ProductDetail, plan: string | null, today = beijingToday()): InsureDraft {
  return {
    planCode: product.plans.some((p) => p.code === plan) ? plan! : product.plans[0].code,
    termDays: product.terms[0].days,
    startDate: startWindow(product, today).earliest,
    region: null,
    applicant: null,
    insured: null,
    holder: null,
  };
}

const personComplete = (
  p: { name?: string; idNumber?: string; mobile?: string } | null,
  mobileRequired: boolean,
  today: string,
) =>
  Boolean(p?.name?.trim()) &&
  idNumberProblem(p?.idNumber ?? '', today) === null &&
  (mobileRequired ? isValidMobile(p?.mobile ?? '') : !p?.mobile || isValidMobile(p.mobile));

const holderComplete = (h: Draft['holder']) =>
  Boolean(
    h?.company?.trim() && h.contact?.trim() && isCreditCode(h.creditCode ?? '') && isValidMobile(h.contactMobile ?? ''),
  );

/**
 * A saved draft as the flow's state, and the step to resume at: the step it was saved at, but
 * never past the first one still incomplete. A plan, term or region the product no longer offers
 * falls back to the first choice, and a start date that has passed moves to the earliest allowed.
 */
export function fromServerDraft(
  product: ProductDetail,
  draft: Draft,
  today = beijingToday(),
): { state: InsureDraft; step: number } {
  const base = firstDraft(product, draft.planCode, today);
  const { earliest, latest } = startWindow(product, today);
  const start =
    draft.startDate && draft.startDate >= earliest && draft.startDate <= latest ? draft.startDate : earliest;
  const applicant: PersonValues | null = draft.applicant
    ? {
        name: draft.applicant.name ?? '',
        idNumber: draft.applicant.idNumber ?? '',
        mobile: draft.applicant.mobile ?? '',
      }
    : null;
  let insured: PersonValues | null = null;
  if (draft.insured?.relation === 'self')
    insured = applicant ? { ...applicant, relation: 'self' } : { name: '', idNumber: '', mobile: '', relation: 'self' };
  else if (draft.insured) {
    insured = {
      name: draft.insured.name ?? '',
      idNumber: draft.insured.idNumber ?? '',
      mobile: draft.insured.mobile ?? '',
      relation: draft.insured.relation,
    };
  }
  const holder: TeamHolder | null = draft.holder
    ? {
        company: draft.holder.company ?? '',
        creditCode: draft.holder.creditCode ?? '',
        contact: draft.holder.contact ?? '',
        contactMobile: draft.holder.contactMobile ?? '',
      }
    : null;
  const state: InsureDraft = {
    planCode: base.planCode,
    termDays: product.terms.some((t) => t.days === draft.termDays) ? draft.termDays! : base.termDays,
    startDate: start,
    region: draft.region && regionChoices(product).includes(draft.region) ? draft.region : null,
    applicant,
    insured,
    holder,
  };

  const saved = draft.step ? INSURE_STEPS.indexOf(draft.step) : 0;
  let complete = 4;
  if (needsRegion(product) && !state.region) complete = 0;
  else if (product.team) {
    const size = product.limits.teamSize ?? { min: 1, max: 1 };
    if (!holderComplete(draft.holder) || draft.teamCount < size.min || draft.teamCount > size.max) complete = 1;
  } else if (!personComplete(applicant, true, today)) complete = 1;
  else if (!insured || (insured.relation !== 'self' && !personComplete(insured, false, today))) complete = 2;
  if (complete > 3 && draft.progress.health !== 'none' && draft.progress.health !== 'passed') complete = 3;
  let step = Math.min(saved, complete);
  if (product.team && step === 2) step = 1;
  return { state, step };
}

/** The step index a step name stands for (the address's `step=`), or null for none or an unknown one. */
export function stepIndex(name: string | null): number | null {
  const index = name === null ? -1 : (INSURE_STEPS as readonly string[]).indexOf(name);
  return index < 0 ? null : index;
}

/** The step name saved with the draft for a step index. */
export function stepName(index: number): InsureStep {
  return INSURE_STEPS[Math.max(0, Math.min(index, INSURE_STEPS.length - 1))];
}

/** The fields of a draft save, from what the flow holds (persons only where given). */
export function toPatch(state: Partial<InsureDraft>, step: number): UpdateDraftInput {
  const patch: UpdateDraftInput = { step: stepName(step) };
  if (state.planCode !== undefined) patch.planCode = state.planCode;
  if (state.termDays !== undefined) patch.termDays = state.termDays;
  if (state.startDate !== undefined) patch.startDate = state.startDate;
  if (state.region !== undefined) patch.region = state.region ?? undefined;
  if (state.applicant) {
    const { name, idNumber, mobile } = state.applicant;
    patch.applicant = { name, idType: 'id_card', idNumber, mobile };
  }
  if (state.insured) {
    const { relation, name, idNumber, mobile } = state.insured;
    patch.insured =
      relation === 'self' ? { relation: 'self' } : { relation, name, idType: 'id_card', idNumber, mobile };
  }
  if (state.holder) patch.holder = { ...state.holder };
  return patch;
}

/** The step a refusal is about (by its first issue's field), or null to stay where the buyer is. */
export function stepOfIssue(field: string, team: boolean): number | null {
  if (/^(planCode|termDays|startDate|region)\b/.test(field)) return 0;
  if (/^(applicant|holder|team)\b/.test(field)) return 1;
  if (/^insured\b/.test(field)) return team ? 1 : 2;
  if (field === 'health') return 3;
  return null;
}

/** Errors for a form's fields from issues under `prefix` (`applicant.idNumber` → `idNumber`). */
export function fieldErrors(issues: FieldIssue[], prefix: string | null): { name: string; errors: string[] }[] {
  const byField = new Map<string, string[]>();
  for (const issue of issues) {
    const parts = issue.field.split('.');
    if (prefix !== null && parts.shift() !== prefix) continue;
    const name = parts[0];
    if (!name) continue;
    byField.set(name, [...(byField.get(name) ?? []), issue.message]);
  }
  return [...byField].map(([name, errors]) => ({ name, errors }));
}
