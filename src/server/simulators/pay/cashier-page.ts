import { formatYuan } from '#shared/money.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

/** HTML of the simulated WeChat cashier (收银台): a phone-sized page, no scripts, no outside assets. */

const STYLE = `
*{box-sizing:border-box}body{margin:0;background:#ededed;color:#191919;font:16px/1.5 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif}
main{max-width:540px;margin:0 auto;padding:24px 16px}
.tag{font-size:12px;color:#fa9d3b;text-align:center;margin-bottom:16px}
.card{background:#fff;border-radius:8px;padding:28px 20px;text-align:center}
.merchant{color:#7f7f7f;font-size:15px}.desc{margin-top:6px;font-size:15px;word-break:break-all}
.amount{font-size:40px;font-weight:600;margin:16px 0 4px;letter-spacing:1px}
.row{display:flex;justify-content:space-between;font-size:14px;color:#7f7f7f;border-top:1px solid #eee;margin-top:20px;padding-top:14px;text-align:left}
.row span:last-child{color:#191919;word-break:break-all;margin-left:12px}
form{margin-top:24px}button,.btn{display:block;width:100%;border:0;border-radius:8px;padding:12px;font-size:17px;margin-top:12px;text-align:center;text-decoration:none}
.pay{background:#07c160;color:#fff}.cancel{background:#f2f2f2;color:#06ae56}
.msg{font-size:20px;margin:8px 0}.note{color:#7f7f7f;font-size:14px}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1,user-scalable=no">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>
<div class="tag">微信支付模拟器 · 仅用于开发和测试，不会产生真实扣款</div>
${body}
</main></body>
</html>`;
}

export interface CashierView {
  merchantName: string;
  description: string;
  amountFen: number;
  outTradeNo: string;
  prepayId: string;
  returnUrl?: string;
  /** Where the form posts to. */
  action: string;
}

export function renderCashier(v: CashierView): string {
  const ret = v.returnUrl ? `<input type="hidden" name="return" value="${escapeHtml(v.returnUrl)}">` : '';
  return page(
    '微信支付',
    `
<div class="card">
  <div class="merchant">${escapeHtml(v.merchantName)}</div>
  <div class="desc">${escapeHtml(v.description)}</div>
  <div class="amount">${formatYuan(v.amountFen)}</div>
  <div class="row"><span>商户单号</span><span>${escapeHtml(v.outTradeNo)}</span></div>
</div>
<form method="post" action="${escapeHtml(v.action)}">
  <input type="hidden" name="prepay_id" value="${escapeHtml(v.prepayId)}">${ret}
  <button class="pay" type="submit" name="action" value="pay">确认支付</button>
  <button class="cancel" type="submit" name="action" value="cancel">取消</button>
</form>`,
  );
}

/** A result or error page, with a way back to the merchant when there is one. */
export function renderMessage(title: string, message: string, returnUrl?: string): string {
  const back = returnUrl ? `<a class="btn pay" href="${escapeHtml(returnUrl)}">返回商户</a>` : '';
  return page(
    title,
    `
<div class="card">
  <div class="msg">${escapeHtml(title)}</div>
  <div class="note">${escapeHtml(message)}</div>
</div>
${back}`,
  );
}
