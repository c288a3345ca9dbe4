import { formatYuan } from '#shared/money.ts';
import type { ClaimRow } from './repository.ts';
import type { ClaimStatus } from '#shared/claims.ts';

/** The message a claim's member gets at each step (站内信), with the staff's note when there is one. */

/** One move of a claim, by staff or by the member. */
export interface Step { to: ClaimStatus; note: string | null; paidFen?: number; actorId: number; actorRole: 'member' | 'staff' }

const SENTENCE_END = /[。！？!?.…；;]$/;

/**
 * The staff note as a sentence of its own: 说明：… closed with a full stop unless the note already
 * ends a sentence, so it never runs into the message's next sentence.
 */
export function noteSentence(note: string): string {
  const text = note.trim();
  return `说明：${text}${SENTENCE_END.test(text) ? '' : '。'}`;
}

export function messageFor(claim: ClaimRow, productName: string, step: Step): { title: string; body: string } {
  const head = `您的理赔 ${claim.claimNo}（${productName}）`;
  const note = step.note ? noteSentence(step.note) : '';
  switch (step.to) {
    case 'reviewing': return step.actorRole === 'member'
      ? { title: '补充材料已提交', body: `${head}的补充材料已提交，已重新进入审核。` }
      : { title: '理赔审核中', body: `${head}已进入审核，审核结果将通过站内信通知您。${note}` };
    case 'supplement': return { title: '请补充理赔材料', body: `${head}需要补充材料。${note}请在“理赔”页面上传后点击“提交补充材料”。` };
    case 'closed': return { title: '理赔审核通过', body: `${head}审核通过，已结案，赔款将支付至您尾号 ${claim.payeeAccount.slice(-4)} 的账户。${note}` };
    case 'rejected': return { title: '理赔审核结果', body: `${head}经审核不予赔付。${note}如有疑问请联系客服。` };
    case 'paid': return { title: '理赔款已支付', body: `${head}赔款 ${formatYuan(step.paidFen!)} 已支付至 ${claim.payeeBank} 尾号 ${claim.payeeAccount.slice(-4)} 的账户。${note}` };
    case 'reported': return { title: '报案成功', body: `${head}已报案。` };
  }
}
