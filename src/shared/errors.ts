/**
 * The one error catalogue (spec §8). Codes follow the Alibaba Java manual's scheme that the
 * specification's A0230 comes from: A = caller's fault, B = ours, C = a third party's.
 * Each code carries its HTTP status, the Chinese message users see, and its Polish text for readers
 * who ask in Polish (docs/decisions.md#errors-in-the-readers-language).
 */
export const SUCCESS_CODE = '00000';

export const ERRORS = {
  A0001: { status: 400, msg: '用户端错误', pl: 'Błąd po stronie klienta' },
  A0101: { status: 400, msg: '用户名已存在', pl: 'Ta nazwa użytkownika jest już zajęta' },
  A0120: {
    status: 400,
    msg: '密码不符合要求：8-32 位，需包含字母和数字',
    pl: 'Hasło nie spełnia wymagań: 8–32 znaki, w tym litery i cyfry',
  },
  A0121: { status: 400, msg: '原密码错误', pl: 'Dotychczasowe hasło jest nieprawidłowe' },
  A0130: { status: 400, msg: '短信验证码错误或已过期', pl: 'Kod SMS jest nieprawidłowy lub wygasł' },
  A0131: {
    status: 429,
    msg: '短信验证码错误次数过多，请重新获取',
    pl: 'Zbyt wiele błędnych kodów SMS, poproś o nowy kod',
  },
  A0132: {
    status: 429,
    msg: '短信发送过于频繁，请稍后再试',
    pl: 'Zbyt częste wysyłanie SMS, spróbuj ponownie później',
  },
  A0140: {
    status: 400,
    msg: '请先阅读并同意《用户服务协议》和《隐私政策》',
    pl: 'Najpierw przeczytaj i zaakceptuj Regulamin usługi i Politykę prywatności',
  },
  A0150: { status: 400, msg: '手机号格式不正确', pl: 'Nieprawidłowy format numeru telefonu' },
  A0151: { status: 400, msg: '该手机号已被其他账号使用', pl: 'Ten numer telefonu jest używany przez inne konto' },
  A0200: { status: 401, msg: '登录失败', pl: 'Logowanie nie powiodło się' },
  A0202: {
    status: 403,
    msg: '账号已被停用，请联系客服',
    pl: 'Konto zostało zablokowane, skontaktuj się z obsługą klienta',
  },
  A0210: { status: 400, msg: '用户名或密码错误', pl: 'Nieprawidłowa nazwa użytkownika lub hasło' },
  A0220: {
    status: 400,
    msg: '微信授权失败，请重新进入页面',
    pl: 'Autoryzacja WeChat nie powiodła się, otwórz stronę ponownie',
  },
  A0221: {
    status: 400,
    msg: '微信授权码已被使用，请重新进入页面',
    pl: 'Kod autoryzacji WeChat został już użyty, otwórz stronę ponownie',
  },
  A0230: { status: 401, msg: '登录已过期，请重新登录', pl: 'Sesja wygasła, zaloguj się ponownie' },
  A0231: {
    status: 401,
    msg: '刷新令牌无效或已过期，请重新登录',
    pl: 'Token odświeżania jest nieprawidłowy lub wygasł, zaloguj się ponownie',
  },
  A0240: { status: 401, msg: '客户端认证失败', pl: 'Uwierzytelnienie klienta nie powiodło się' },
  A0241: { status: 400, msg: '不支持的授权类型', pl: 'Nieobsługiwany typ autoryzacji' },
  A0301: { status: 401, msg: '请先登录', pl: 'Najpierw się zaloguj' },
  A0303: { status: 403, msg: '无权访问该资源', pl: 'Brak uprawnień do tego zasobu' },
  A0400: { status: 400, msg: '请求参数错误', pl: 'Nieprawidłowe parametry żądania' },
  A0404: { status: 404, msg: '请求的资源不存在', pl: 'Żądany zasób nie istnieje' },
  A0405: { status: 405, msg: '请求方法不被允许', pl: 'Niedozwolona metoda żądania' },
  A0408: { status: 408, msg: '请求超时，请重试', pl: 'Przekroczono czas żądania, spróbuj ponownie' },
  A0410: { status: 400, msg: '请求必填参数为空', pl: 'Brak wymaganego parametru' },
  A0420: { status: 400, msg: '不符合投保条件', pl: 'Niespełnione warunki ubezpieczenia' },
  A0413: { status: 413, msg: '请求内容过大', pl: 'Treść żądania jest za duża' },
  A0415: { status: 415, msg: '不支持的请求内容类型', pl: 'Nieobsługiwany typ treści żądania' },
  A0427: { status: 400, msg: '请求 JSON 解析失败', pl: 'Nie udało się odczytać JSON żądania' },
  A0429: { status: 429, msg: '请求过于频繁，请稍后再试', pl: 'Zbyt wiele żądań, spróbuj ponownie później' },
  A0431: { status: 431, msg: '请求网址或请求头过长', pl: 'Adres lub nagłówki żądania są za długie' },
  A0450: { status: 403, msg: '请在微信中打开本页面完成支付', pl: 'Otwórz tę stronę w WeChat, aby zapłacić' },
  A0460: {
    status: 400,
    msg: '已过犹豫期，不能在线退保',
    pl: 'Okres karencji minął, polisy nie można wypowiedzieć online',
  },
  A0470: { status: 409, msg: '当前理赔状态不允许该操作', pl: 'Obecny status szkody nie pozwala na tę operację' },
  A0480: {
    status: 409,
    msg: '该合作关系下还有未完成的订单，暂不能解除',
    pl: 'W tej współpracy są niezakończone zamówienia, nie można jej jeszcze zakończyć',
  },
  A0481: {
    status: 409,
    msg: '该合作关系下还有未结算的佣金，暂不能解除',
    pl: 'W tej współpracy są nierozliczone prowizje, nie można jej jeszcze zakończyć',
  },
  A0490: {
    status: 409,
    msg: '该订单已开具发票，每个订单只能开具一次',
    pl: 'Do tego zamówienia wystawiono już fakturę; każde zamówienie może mieć tylko jedną',
  },
  A0491: {
    status: 400,
    msg: '只有已支付且未退保的订单可以开具发票',
    pl: 'Fakturę można wystawić tylko dla opłaconego i niewypowiedzianego zamówienia',
  },
  A0492: {
    status: 429,
    msg: '发票邮件发送过于频繁，请稍后再试',
    pl: 'Zbyt częste wysyłanie faktury e-mailem, spróbuj ponownie później',
  },
  A0409: { status: 409, msg: '数据已变更，请刷新后重试', pl: 'Dane się zmieniły, odśwież i spróbuj ponownie' },
  B0001: { status: 500, msg: '系统错误', pl: 'Błąd systemu' },
  B0100: { status: 503, msg: '系统繁忙，请稍后再试', pl: 'System jest przeciążony, spróbuj ponownie później' },
  B0300: {
    status: 503,
    msg: '服务暂未就绪，请稍后再试',
    pl: 'Usługa nie jest jeszcze gotowa, spróbuj ponownie później',
  },
  C0001: { status: 502, msg: '调用第三方服务出错', pl: 'Błąd usługi zewnętrznej' },
  C0110: {
    status: 502,
    msg: '微信服务暂时不可用，请稍后再试',
    pl: 'Usługa WeChat jest chwilowo niedostępna, spróbuj ponownie później',
  },
  C0120: {
    status: 502,
    msg: '短信服务暂时不可用，请稍后再试',
    pl: 'Usługa SMS jest chwilowo niedostępna, spróbuj ponownie później',
  },
  C0130: {
    status: 502,
    msg: '微信支付服务暂时不可用，请稍后再试',
    pl: 'Płatności WeChat są chwilowo niedostępne, spróbuj ponownie później',
  },
  C0140: {
    status: 502,
    msg: '邮件服务暂时不可用，请稍后再试',
    pl: 'Usługa e-mail jest chwilowo niedostępna, spróbuj ponownie później',
  },
} as const satisfies Record<string, { status: number; msg: string; pl: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** Fallback text the client shows when the server gave no message (spec §8: "system error"). */
export const FALLBACK_ERROR_MSG = '系统错误';

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}
