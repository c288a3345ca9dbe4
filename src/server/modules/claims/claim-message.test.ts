import { describe, expect, it } from 'vitest';
import { messageFor, noteSentence } from './claim-message.ts';
import type { ClaimRow } from './repository.ts';

const claim = { claimNo: 'C2026112300000001', payeeAccount: '6225880123456789', payeeBank: '招商银行' } as ClaimRow;
const staff = (to: 'supplement' | 'rejected' | 'reviewing', note: string | null) => ({ to, note, actorId: 1, actorRole: 'staff' as const });

describe('the staff note in a claim message', () => {
  it('ends with a full stop before the next sentence', () => {
    const { body } = messageFor(claim, '百万医疗险', staff('supplement', '请补充住院发票'));
    expect(body).toContain('说明：请补充住院发票。请在“理赔”页面上传');
    expect(messageFor(claim, '百万医疗险', staff('rejected', '不在保障范围内')).body).toContain('说明：不在保障范围内。如有疑问请联系客服。');
  });

  it('keeps the note\'s own end of sentence, without doubling it', () => {
    expect(noteSentence('请补充住院发票。')).toBe('说明：请补充住院发票。');
    expect(noteSentence('资料不全！')).toBe('说明：资料不全！');
    expect(noteSentence(' 材料齐全，开始审核 ')).toBe('说明：材料齐全，开始审核。');
  });

  it('leaves the message without 说明 when there is no note', () => {
    expect(messageFor(claim, '百万医疗险', staff('supplement', null)).body).toBe('您的理赔 C2026112300000001（百万医疗险）需要补充材料。请在“理赔”页面上传后点击“提交补充材料”。');
  });
});
