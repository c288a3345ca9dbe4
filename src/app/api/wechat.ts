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
    apiClient.get('app-api/v1/wechat/jssdk-config', { searchParams: { url }, context: { silent: true } }),
  );
}
