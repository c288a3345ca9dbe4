import { z } from 'zod';
import { API_PREFIX } from '#shared/constants.ts';
import { AppError } from '../../lib/app-error.ts';

/** Service base of the buying routes. */
export const V1 = `${API_PREFIX}/app-api/v1`;

const INT4_MAX = 2_147_483_647;

/** A path id: 1 … 2^31-1, else 400 (never a database error). */
export const idParam = (label: string) => z.string().regex(/^\d{1,10}$/, `${label}应为正整数`).transform(Number)
  .refine((n) => n >= 1 && n <= INT4_MAX, `${label}应为正整数`);

export const DraftParams = z.object({ id: idParam('投保单编号') });
export const RowParams = z.object({ id: idParam('投保单编号'), rowId: idParam('被保人编号') });
export const OrderParams = z.object({ id: idParam('订单编号') });

/** Others' ids answer exactly like ids that never existed (no hint that they do). */
export const draftNotFound = () => new AppError('A0404', '投保单不存在或已提交');
export const orderNotFound = () => new AppError('A0404', '订单不存在');
