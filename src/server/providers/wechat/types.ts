/** What the product needs from WeChat (docs/domain.md#wechat-web-oauth, #mini-program-codes, #js-sdk); the adapter speaks the real protocol. */
export interface WechatProvider {
  /** Official account (web OAuth, JS-SDK) app id. */
  readonly oaAppId: string;
  /** Mini-program (`wx.login`) app id. */
  readonly mpAppId: string;
  /** `sns/oauth2/access_token`: exchanges a web OAuth code (single use, 5 minutes). */
  exchangeWebCode(code: string): Promise<WebGrant>;
  /** `sns/userinfo`: needs a grant with scope snsapi_userinfo. */
  getUserInfo(grant: WebGrant): Promise<WechatProfile>;
  /** `sns/jscode2session`: exchanges a mini-program `wx.login` code. */
  code2Session(jsCode: string): Promise<MiniProgramSession>;
  /** The JS-SDK `jsapi_ticket`, cached until shortly before it expires. */
  getJsapiTicket(): Promise<string>;
  /**
   * `cgi-bin/message/template/send` (docs/domain.md#template-messages): one official-account
   * template message; resolves with WeChat's msgid, rejects with a WechatError carrying the errcode.
   */
  sendTemplateMessage(message: TemplateMessage): Promise<{ msgid: string }>;
}

/** A template message: fields named as the template declares them (`keyword1`…), values as shown. */
export interface TemplateMessage {
  touser: string;
  templateId: string;
  /** The H5 page the message opens (absolute URL, hash route). */
  url: string;
  data: Record<string, string>;
}

export interface WebGrant {
  openid: string;
  unionid?: string;
  scope: string;
  accessToken: string;
}

export interface WechatProfile {
  openid: string;
  unionid?: string;
  nickname: string;
  avatar: string;
}

/** `session_key` is deliberately not kept: it must never reach the client. */
export interface MiniProgramSession {
  openid: string;
  unionid?: string;
}
