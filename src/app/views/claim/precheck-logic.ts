import { addDays, isCalendarDay } from '#shared/beijing-time.ts';
import { CLAIM_TYPES, type ClaimType } from '#shared/claim-flow.ts';
import type { ClaimClock, ClaimPrecheckResult, SocialInsuranceAnswer } from '#shared/claims.ts';
import { formatYuan } from '#shared/money.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { fenToYuanText } from './desk-logic.ts';

/*
 * The pre-check screen's and the report form's own rules around it, free of React for the unit
 * tests: the texts' parameters, the link that continues into the report form, and what the form
 * takes from that link (docs/decisions/claim-pre-check.md).
 */

export interface PrecheckAsked {
  policyId: number;
  insuredId: number;
  type: ClaimType;
  incidentDate: string;
  amountFen?: number;
  socialInsurance: SocialInsuranceAnswer;
}

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

const MONEY_PARAMS = ['limitFen', 'deductibleFen'] as const;

/** The reason's parameters as the text shows them: money as `¥1,234.00` (limit, deductible), the claim type by name. */
export function reasonValues(
  params: ClaimPrecheckResult['params'],
  typeName: (type: ClaimType) => string,
): Record<string, string | number> {
  const out: Record<string, string | number> = { ...params };
  for (const key of MONEY_PARAMS)
    if (typeof params[key] === 'number') out[key.replace(/Fen$/, '')] = formatYuan(params[key]);
  if (typeof params.type === 'string' && (CLAIM_TYPES as readonly string[]).includes(params.type))
    out.type = typeName(params.type as ClaimType);
  return out;
}

/** `¥80.00`, or `¥60.00 – ¥100.00` when social insurance is not known. */
export function estimateText(estimate: NonNullable<ClaimPrecheckResult['estimate']>): string {
  return estimate.minFen === estimate.maxFen
    ? formatYuan(estimate.minFen)
    : `${formatYuan(estimate.minFen)} – ${formatYuan(estimate.maxFen)}`;
}

/** 继续报案: the report form of the policy with what the pre-check was asked. */
export function reportLink(asked: PrecheckAsked): string {
  const q = new URLSearchParams({
    policyId: String(asked.policyId),
    insuredId: String(asked.insuredId),
    type: asked.type,
    incidentDate: asked.incidentDate,
  });
  if (asked.amountFen !== undefined) q.set('amountFen', String(asked.amountFen));
  return `/claim/index?${q.toString()}`;
}

export interface ReportPrefill {
  insuredId?: number;
  type?: ClaimType;
  incidentDate?: string;
  amount?: string;
}

/**
 * What the report form takes from its address (a pre-check's 继续报案): only values it could have
 * chosen itself — a person on the policy, a known type, a date in its range, an amount in fen.
 */
export function reportPrefill(
  params: URLSearchParams,
  policy: { insured: { id: number }[]; startDate: string },
  lastDay: string,
): ReportPrefill {
  const out: ReportPrefill = {};
  const insuredId = Number(params.get('insuredId'));
  if (policy.insured.some((i) => i.id === insuredId)) out.insuredId = insuredId;
  const type = params.get('type');
  if (type && (CLAIM_TYPES as readonly string[]).includes(type)) out.type = type as ClaimType;
  const date = params.get('incidentDate');
  if (date && isCalendarDay(date) && date >= policy.startDate && date <= lastDay) out.incidentDate = date;
  const fen = params.get('amountFen');
  if (fen && /^\d{1,10}$/.test(fen) && Number(fen) > 0) out.amount = fenToYuanText(Number(fen));
  return out;
}

/** The earliest incident date the pre-check offers: a year before cover started (it answers 未生效 there). */
export const precheckMinDate = (startDate: string) => addDays(startDate, -365);

/** The running deadline as a short text and its colour: days left, due today, or how long past. */
export function clockBadge(
  running: NonNullable<ClaimClock['running']>,
  t: Translate,
): { text: string; color: 'default' | 'warning' | 'danger' } {
  const text =
    running.daysLeft < 0
      ? t('claim.clock.overdue', { n: -running.daysLeft })
      : running.daysLeft === 0
        ? t('claim.clock.dueToday')
        : t('claim.clock.daysLeft', { n: running.daysLeft });
  return {
    text,
    color: running.urgency === 'overdue' ? 'danger' : running.urgency === 'due_soon' ? 'warning' : 'default',
  };
}
