import { text } from '#shared/text.ts';

const INT4_MAX = 2_147_483_647;

/** A path id: 1 … 2^31-1, else 400 (never a database error). */
export const idParam = (label: string) =>
  text()
    .regex(/^\d{1,10}$/, `${label}应为正整数`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= INT4_MAX, `${label}应为正整数`);
