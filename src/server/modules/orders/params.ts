import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { idParam } from '../../lib/id-param.ts';

export const DraftParams = z.object({ id: idParam('投保单编号') });
export const RowParams = z.object({ id: idParam('投保单编号'), rowId: idParam('被保人编号') });
export const OrderParams = z.object({ id: idParam('订单编号') });

/** Others' ids answer exactly like ids that never existed (no hint that they do). */
export const draftNotFound = () => new AppError('A0404', '投保单不存在或已提交');
export const orderNotFound = () => new AppError('A0404', '订单不存在');
