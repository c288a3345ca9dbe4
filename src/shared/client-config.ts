import { z } from 'zod';

/** Public configuration the H5 reads before sign-in (`open/client-config`). No secrets. */
export const ClientConfigSchema = z.object({
  wechatAppId: z.string(),
  wechatMpAppId: z.string(),
  authorizeUrl: z.string(),
  simulator: z.boolean(),
  scope: z.enum(['snsapi_base', 'snsapi_userinfo']),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;
