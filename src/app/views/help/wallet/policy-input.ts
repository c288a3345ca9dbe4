import type { AddedPolicy, AddedPolicyInput, PaymentFrequency } from '#shared/added-policies.ts';
import type { CheckupCategory } from '#shared/checkup.ts';
import { addDays, addYears } from '#shared/beijing-time.ts';
import { formatYuan, yuanToFen } from '#shared/money.ts';

/** The form of an added policy as antd-mobile holds it: Selectors as arrays, amounts as typed yuan. */
export interface PolicyFormValues {
  insurer?: string;
  productName?: string;
  category?: CheckupCategory[];
  insuredPersonIds?: number[];
  coverName?: string;
  sumInsured?: string;
  startDate?: string;
  endDate?: string;
  premium?: string;
  paymentFrequency?: PaymentFrequency[];
  nextDueDate?: string;
  policyNo?: string;
}

/**
 * Typed yuan as fen; what is not an amount goes as NaN, so the server names the field. A premium may
 * be 0 (a free or employer-paid policy): the server's rules decide what else a premium may be.
 */
const fen = (text: string | undefined, zero = false): number => yuanToFen(text ?? '', { zero }) ?? Number.NaN;

/**
 * The input to save. The form edits the first cover line; a saved policy's other covers (added
 * through the API) are sent back as they are, so an edit never drops them.
 */
export function toPolicyInput(v: PolicyFormValues, saved?: AddedPolicy): AddedPolicyInput {
  const frequency = v.paymentFrequency?.[0] ?? 'single';
  return {
    insurer: (v.insurer ?? '').trim(),
    productName: (v.productName ?? '').trim(),
    category: v.category?.[0] ?? ('' as CheckupCategory),
    insuredPersonIds: v.insuredPersonIds ?? [],
    covers: [
      { name: (v.coverName ?? '').trim(), sumInsuredFen: fen(v.sumInsured) },
      ...(saved?.covers.slice(1).map(({ name, sumInsuredFen }) => ({ name, sumInsuredFen })) ?? []),
    ],
    startDate: v.startDate ?? '',
    endDate: v.endDate ?? '',
    premiumFen: fen(v.premium, true),
    paymentFrequency: frequency,
    nextDueDate: frequency === 'single' ? undefined : (v.nextDueDate ?? ''),
    policyNo: (v.policyNo ?? '').trim(),
  };
}

/** The form filled from a saved one (its first cover: the form edits one cover line). */
export function toFormValues(p: AddedPolicy): PolicyFormValues {
  const yuan = (value: number) => formatYuan(value).replace(/[¥,]/g, '');
  return {
    insurer: p.insurer,
    productName: p.productName,
    category: [p.category],
    insuredPersonIds: p.insured.flatMap((i) => (i.personId ? [i.personId] : [])),
    coverName: p.covers[0]?.name,
    sumInsured: p.covers[0] ? yuan(p.covers[0].sumInsuredFen) : undefined,
    startDate: p.startDate,
    endDate: p.endDate,
    premium: yuan(p.premiumFen),
    paymentFrequency: [p.paymentFrequency],
    nextDueDate: p.nextDueDate ?? undefined,
    policyNo: p.policyNo,
  };
}

/** Fields of the form a server issue can be shown on; `covers.0.sumInsuredFen` lands on the amount. */
export function formField(field: string): keyof PolicyFormValues | null {
  if (field.startsWith('covers')) return field.endsWith('sumInsuredFen') ? 'sumInsured' : 'coverName';
  if (field === 'premiumFen') return 'premium';
  const known: (keyof PolicyFormValues)[] = [
    'insurer',
    'productName',
    'category',
    'insuredPersonIds',
    'startDate',
    'endDate',
    'paymentFrequency',
    'nextDueDate',
    'policyNo',
  ];
  return (known as string[]).includes(field) ? (field as keyof PolicyFormValues) : null;
}

/** A new policy's form: a year of cover from today, paid once, the category most often held elsewhere. */
export function newPolicyValues(today: string): PolicyFormValues {
  return {
    category: ['medical'],
    paymentFrequency: ['single'],
    startDate: today,
    endDate: addDays(addYears(today, 1), -1),
  };
}
