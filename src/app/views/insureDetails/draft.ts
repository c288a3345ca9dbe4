import type { PersonValues } from '../../components/ui/person-fields.tsx';

/** A team member: who, and the occupation class (1 office … 6 high risk) that prices them. */
export interface TeamInsurant {
  name: string;
  idNumber: string;
  mobile: string;
  occupationClass: number;
}

/** The policyholder of a team product: the employer. */
export interface TeamHolder {
  company: string;
  creditCode: string;
  contact: string;
  contactMobile: string;
}

/** Everything the buyer has chosen so far; kept in the page while they move between steps. */
export interface InsureDraft {
  planCode: string;
  termDays: number;
  startDate: string;
  applicant: PersonValues | null;
  insured: PersonValues | null;
  team: TeamInsurant[];
  holder: TeamHolder | null;
}

export const INSURE_STEPS = ['plan', 'applicant', 'insured', 'health', 'confirm'] as const;
export type InsureStep = (typeof INSURE_STEPS)[number];

const DAY_MS = 86_400_000;

/** Today in China (UTC+8, no daylight saving): start dates are Beijing dates. */
export function beijingToday(now = Date.now()): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Unified social credit code (GB 32100): 18 characters of digits and upper-case letters without I, O, Z, S, V. */
export const CREDIT_CODE_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
