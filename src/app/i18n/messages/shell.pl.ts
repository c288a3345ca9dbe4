import type { shellZhCn } from './shell.zh-cn.ts';

export const shellPl: Record<keyof typeof shellZhCn, string> = {
  'app.name': 'Usługi ubezpieczeniowe',
};
