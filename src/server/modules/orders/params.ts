import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { idParam } from '../../lib/id-param.ts';

export const DraftParams = z.object({ id: idParam('id.draft') });
export const RowParams = z.object({ id: idParam('id.draft'), rowId: idParam('id.insured') });
export const OrderParams = z.object({ id: idParam('id.order') });

/** Others' ids answer exactly like ids that never existed (no hint that they do). */
export const draftNotFound = () => new AppError('A0404', 'orders.draftNotFound');
export const orderNotFound = () => new AppError('A0404', 'orders.notFound');
