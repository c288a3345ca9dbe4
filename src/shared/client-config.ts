import { z } from 'zod';
import { text } from './text.ts';

/** Public configuration the H5 reads before sign-in (`open/client-config`). No secrets. */
export const ClientConfigSchema = z.object({
  wechatAppId: text(),
  wechatMpAppId: text(),
  authorizeUrl: text(),
  simulator: z.boolean(),
  scope: z.enum(['snsapi_base', 'snsapi_userinfo']),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;
