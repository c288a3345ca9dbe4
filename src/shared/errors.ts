/**
 * The one error catalogue (spec §8). Codes follow the Alibaba Java manual's scheme that the
 * specification's A0230 comes from: A = caller's fault, B = ours, C = a third party's.
 * Each code carries its HTTP status and the Chinese message users see.
 */
export const SUCCESS_CODE = '00000';

export const ERRORS = {
  A0001: { status: 400, msg: '用户端错误' },
  A0101: { status: 400, msg: '用户名已存在' },
  A0120: { status: 400, msg: '密码不符合要求：8-32 位，需包含字母和数字' },
  A0121: { status: 400, msg: '原密码错误' },
  A0130: { status: 400, msg: '短信验证码错误或已过期' },
  A0131: { status: 429, msg: '短信验证码错误次数过多，请重新获取' },
  A0132: { status: 429, msg: '短信发送过于频繁，请稍后再试' },
  A0140: { status: 400, msg: '请先阅读并同意《用户服务协议》和《隐私政策》' },
  A0150: { status: 400, msg: '手机号格式不正确' },
  A0151: { status: 400, msg: '该手机号已被其他账号使用' },
  A0200: { status: 401, msg: '登录失败' },
  A0202: { status: 403, msg: '账号已被停用，请联系客服' },
  A0210: { status: 400, msg: '用户名或密码错误' },
  A0220: { status: 400, msg: '微信授权失败，请重新进入页面' },
  A0221: { status: 400, msg: '微信授权码已被使用，请重新进入页面' },
  A0230: { status: 401, msg: '登录已过期，请重新登录' },
  A0231: { status: 401, msg: '刷新令牌无效或已过期，请重新登录' },
  A0240: { status: 401, msg: '客户端认证失败' },
  A0241: { status: 400, msg: '不支持的授权类型' },
  A0301: { status: 401, msg: '请先登录' },
  A0303: { status: 403, msg: '无权访问该资源' },
  A0400: { status: 400, msg: '请求参数错误' },
  A0404: { status: 404, msg: '请求的资源不存在' },
  A0405: { status: 405, msg: '请求方法不被允许' },
  A0408: { status: 408, msg: '请求超时，请重试' },
  A0410: { status: 400, msg: '请求必填参数为空' },
  A0420: { status: 400, msg: '不符合投保条件' },
  A0413: { status: 413, msg: '请求内容过大' },
  A0415: { status: 415, msg: '不支持的请求内容类型' },
  A0427: { status: 400, msg: '请求 JSON 解析失败' },
  A0429: { status: 429, msg: '请求过于频繁，请稍后再试' },
  A0431: { status: 431, msg: '请求网址或请求头过长' },
  A0450: { status: 403, msg: '请在微信中打开本页面完成支付' },
  A0460: { status: 400, msg: '已过犹豫期，不能在线退保' },
  A0470: { status: 409, msg: '当前理赔状态不允许该操作' },
  A0480: { status: 409, msg: '该合作关系下还有未完成的订单，暂不能解除' },
  A0481: { status: 409, msg: '该合作关系下还有未结算的佣金，暂不能解除' },
  A0490: { status: 409, msg: '该订单已开具发票，每个订单只能开具一次' },
  A0491: { status: 400, msg: '只有已支付且未退保的订单可以开具发票' },
  A0492: { status: 429, msg: '发票邮件发送过于频繁，请稍后再试' },
  A0409: { status: 409, msg: '数据已变更，请刷新后重试' },
  B0001: { status: 500, msg: '系统错误' },
  B0100: { status: 503, msg: '系统繁忙，请稍后再试' },
  C0001: { status: 502, msg: '调用第三方服务出错' },
  C0110: { status: 502, msg: '微信服务暂时不可用，请稍后再试' },
  C0120: { status: 502, msg: '短信服务暂时不可用，请稍后再试' },
  C0130: { status: 502, msg: '微信支付服务暂时不可用，请稍后再试' },
  C0140: { status: 502, msg: '邮件服务暂时不可用，请稍后再试' },
} as const satisfies Record<string, { status: number; msg: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** Fallback text the client shows when the server gave no message (spec §8: "system error"). */
export const FALLBACK_ERROR_MSG = '系统错误';

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}
