import { text } from '#shared/text.ts';
import type { SharedTextKey } from '#shared/texts/zh-cn.ts';

const INT4_MAX = 2_147_483_647;

/** A path id: 1 … 2^31-1, else 400 (never a database error) with `message`, a key of `id.…`. */
export const idParam = (message: SharedTextKey & `id.${string}`) =>
  text()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .refine((n) => n >= 1 && n <= INT4_MAX, message);
