import { addDays, beijingDay, beijingMidnight } from '#shared/beijing-time.ts';

/**
 * 犹豫期 (cooling-off period): the product version's `coolingOffDays`, counted from the day the
 * policy was issued (the e-policy is delivered at issue: "自您签收电子保单之日起计算", as the
 * purchase notice says). The issue day itself is day 0, following the civil-law way of counting
 * periods (民法典 第二百零一条: counting starts the next day), so the period ends at 24:00 Beijing
 * time of issue date + N days. Null when the product has none.
 */
export function coolingOffUntil(issuedAt: Date, days: number): Date | null {
  if (days <= 0) return null;
  return beijingMidnight(addDays(beijingDay(issuedAt), days + 1));
}
