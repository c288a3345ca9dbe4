import * as paths from '#shared/api-paths.ts';
import { apiClient, unwrap } from './client.ts';

/** The signature the WeChat JS-SDK is configured with (`wx.config`). */
export interface JssdkConfig {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

/** `GET wechat/jssdk-config?url=`: the server's JS-SDK signature of a page address; silent, the caller retries later. */
export function getJssdkConfig(url: string): Promise<JssdkConfig> {
  return unwrap<JssdkConfig>(
    apiClient.get(paths.wechat.jssdkConfig(), { searchParams: { url }, context: { silent: true } }),
  );
}
