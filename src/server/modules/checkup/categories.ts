import { CHECKUP_CATEGORIES, type CheckupCategory } from '#shared/checkup.ts';
import type { ProductContent, ProtectIcon } from '#shared/catalogue.ts';

/**
 * Which check-up category a product version covers (docs/decisions/family-cover-check-up.md): the
 * product type's code when it is one of the four (意外险 accident, 医疗险 medical, 旅行险 travel,
 * 团体险 team). A type outside them is judged by its version: a team version (priced by occupation)
 * is team; else the plans' coverage icons decide, medical before travel before accident, since a
 * medical product usually also pays accidental injury, and a travel product accidents abroad.
 */

const MEDICAL_ICONS: ProtectIcon[] = ['hospital', 'outpatient', 'drug', 'critical-illness'];
const TRAVEL_ICONS: ProtectIcon[] = ['delay', 'baggage'];
const ACCIDENT_ICONS: ProtectIcon[] = ['death', 'disability', 'accident-medical', 'sudden-death'];

const isCategory = (code: string): code is CheckupCategory => (CHECKUP_CATEGORIES as readonly string[]).includes(code);

export function categoryOf(
  typeCode: string,
  content: Pick<ProductContent, 'plans' | 'premiums'>,
): CheckupCategory | null {
  if (isCategory(typeCode)) return typeCode;
  if (content.premiums.basis === 'occupation') return 'team';
  const icons = new Set(content.plans.flatMap((p) => p.coverages.map((c) => c.icon)));
  if (MEDICAL_ICONS.some((i) => icons.has(i))) return 'medical';
  if (TRAVEL_ICONS.some((i) => icons.has(i))) return 'travel';
  if (ACCIDENT_ICONS.some((i) => icons.has(i))) return 'accident';
  return null;
}
