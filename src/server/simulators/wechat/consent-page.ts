import { escapeHtml } from '../../lib/escape-html.ts';
import type { SimScope } from './state.ts';

const STYLE = `
  *{box-sizing:border-box}body{margin:0;font:16px/1.5 -apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif;background:#ededed;color:#191919}
  main{max-width:480px;margin:0 auto;padding:24px 20px;min-height:100vh;background:#fff}
  .banner{background:#fff7e6;color:#ad6800;border-radius:6px;padding:8px 12px;font-size:13px;margin-bottom:24px}
  h1{font-size:20px;margin:0 0 8px}.app{color:#576b95;font-size:14px;word-break:break-all}
  ul{padding-left:20px;margin:16px 0 24px;color:#444}label{display:block;font-size:14px;color:#666;margin-bottom:6px}
  input[type=text]{width:100%;font-size:16px;padding:10px 12px;border:1px solid #d9d9d9;border-radius:6px}
  .hint{font-size:12px;color:#999;margin:6px 0 28px}.actions{display:flex;flex-direction:column;gap:12px}
  button{font-size:17px;padding:12px;border:0;border-radius:8px;cursor:pointer}
  .allow{background:#07c160;color:#fff}.deny{background:#f2f2f2;color:#07c160}
  .error{color:#fa5151}code{font-size:13px;color:#888}
`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><div class="banner">本页为本地微信模拟器，仅用于开发与测试，不会连接真实微信。</div>${body}</main></body></html>`;
}

export interface ConsentPageInput {
  appid: string;
  appName: string;
  redirectUri: string;
  scope: SimScope;
  state: string;
  user: string;
  action: string;
}

/** The 网页授权 consent page: the app, what it asks for, the simulated WeChat user, 允许 / 拒绝. */
export function consentPage(input: ConsentPageInput): string {
  const asks =
    input.scope === 'snsapi_userinfo'
      ? '<li>获得你的公开信息（昵称、头像等）</li><li>获得你在该公众号下的身份标识</li>'
      : '<li>获得你在该公众号下的身份标识（静默授权）</li>';
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return layout(
    '微信授权',
    `
<h1>${escapeHtml(input.appName)} 申请使用</h1>
<div class="app">AppID：${escapeHtml(input.appid)}</div>
<ul>${asks}</ul>
<form method="post" action="${escapeHtml(input.action)}">
  ${hidden('appid', input.appid)}${hidden('redirect_uri', input.redirectUri)}${hidden('response_type', 'code')}
  ${hidden('scope', input.scope)}${hidden('state', input.state)}
  <label for="user">模拟的微信用户（昵称）</label>
  <input id="user" type="text" name="user" maxlength="32" value="${escapeHtml(input.user)}" autocomplete="off">
  <p class="hint">同一昵称在同一公众号下得到同一个 openid；换一个昵称即换一个微信用户。</p>
  <div class="actions">
    <button class="allow" type="submit" name="decision" value="allow">允许</button>
    <button class="deny" type="submit" name="decision" value="deny">拒绝</button>
  </div>
</form>`,
  );
}

/** WeChat's error page for a bad authorize request (errcode from the official 网页授权 table). */
export function errorPage(errcode: number, message: string): string {
  return layout(
    '出错了',
    `<h1 class="error">出错了</h1><p>${escapeHtml(message)}</p><p><code>错误码：${errcode}</code></p>`,
  );
}
