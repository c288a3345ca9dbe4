import type { Limits, ProductContent } from '#shared/catalogue.ts';
import { ageOn, birthDateFromId } from '#shared/identity.ts';
import { TeamRowInputSchema } from '#shared/orders.ts';
import { addDays, beijingToday } from '#shared/beijing-time.ts';
import { formIssues, REPORT } from './application.ts';
import type { DraftRow, NewTeamMember } from './draft-repository.ts';
import type { IssueText } from '../../lib/texts/issues.ts';
import { phrase } from '../../lib/texts/render.ts';

/** One insured person of a team list, checked against the product before it is stored. */

/** Ages are taken at the draft's start date, or at the earliest start the product allows. */
export function ageDate(draft: Pick<DraftRow, 'startDate'>, content: ProductContent): string {
  return draft.startDate ?? addDays(beijingToday(), content.limits.startOffsetDays.min);
}

function ruleIssues(row: NewTeamMember, limits: Limits, on: string): IssueText[] {
  const issues: IssueText[] = [];
  const { min, max } = limits.occupationClasses;
  if (row.occupationClass < min || row.occupationClass > max) {
    issues.push({ field: 'occupationClass', message: phrase('orders.teamOccupation', { min, max }) });
  }
  const age = ageOn(birthDateFromId(row.idNumber), on);
  if (age < limits.insuredAge.min || age > limits.insuredAge.max) {
    issues.push({
      field: 'idNumber',
      message: phrase('orders.teamAge', { ...limits.insuredAge, day: on, age: Math.max(age, 0) }),
    });
  }
  return issues;
}

/** A valid row to store, or the form issues (keys as in TeamRowInputSchema). */
export function checkTeamRow(
  input: unknown,
  content: ProductContent,
  on: string,
): { row: NewTeamMember } | { issues: IssueText[] } {
  const parsed = TeamRowInputSchema.safeParse(input, REPORT);
  if (!parsed.success) return { issues: formIssues('', parsed.error) };
  const row: NewTeamMember = {
    name: parsed.data.name,
    idType: parsed.data.idType,
    idNumber: parsed.data.idNumber,
    mobile: parsed.data.mobile ?? '',
    occupationClass: parsed.data.occupationClass,
  };
  const issues = ruleIssues(row, content.limits, on);
  return issues.length ? { issues } : { row };
}
