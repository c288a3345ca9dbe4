import type { viewsZhCn } from './views.zh-cn.ts';

export const viewsPl: Record<keyof typeof viewsZhCn, string> = {
  'views.empty': 'Brak danych',
};
