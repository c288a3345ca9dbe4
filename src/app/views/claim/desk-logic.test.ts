import { describe, expect, it } from 'vitest';
import { CLAIM_STATUSES, ClaimDeskQuerySchema, ClaimTransitionSchema } from '#shared/claims.ts';
import {
  actionColor,
  DESK_FILTERS,
  deskActions,
  deskQuery,
  fenToYuanText,
  isDeskStaff,
  needsPaidAmount,
  noteRequired,
  stepBody,
} from './desk-logic.ts';

describe('which actions a status offers', () => {
  it('已报案 goes to 审核中 only; 审核中 to 补充材料, 已结案 or 拒赔; 补充材料 back to 审核中; 已结案 to 已赔付', () => {
    expect(deskActions('reported')).toEqual(['reviewing']);
    expect(deskActions('reviewing')).toEqual(['supplement', 'closed', 'rejected']);
    expect(deskActions('supplement')).toEqual(['reviewing']);
    expect(deskActions('closed')).toEqual(['paid']);
  });

  it('拒赔 and 已赔付 are final: no buttons', () => {
    expect(deskActions('rejected')).toEqual([]);
    expect(deskActions('paid')).toEqual([]);
  });

  it('asks for a note on 补充材料 and 拒赔, a paid amount on 已赔付 only', () => {
    expect(CLAIM_STATUSES.filter(noteRequired)).toEqual(['supplement', 'rejected']);
    expect(CLAIM_STATUSES.filter(needsPaidAmount)).toEqual(['paid']);
    expect(actionColor('rejected')).toBe('danger');
    expect(actionColor('supplement')).toBe('warning');
    expect(actionColor('reviewing')).toBe('primary');
  });
});

describe('the body of a step', () => {
  it('sends the trimmed note when given, nothing when blank', () => {
    expect(stepBody('reviewing', '', '', 1000)).toEqual({ body: { to: 'reviewing' } });
    expect(stepBody('closed', '  同意赔付 ', '', 1000)).toEqual({ body: { to: 'closed', note: '同意赔付' } });
  });

  it('refuses a blank note where the server wants one', () => {
    expect(stepBody('supplement', '   ', '', 1000)).toEqual({ problem: 'noteRequired' });
    expect(stepBody('rejected', '', '', 1000)).toEqual({ problem: 'noteRequired' });
    expect(stepBody('rejected', '不在保险责任范围内', '', 1000)).toEqual({
      body: { to: 'rejected', note: '不在保险责任范围内' },
    });
  });

  it('turns the paid amount in yuan into fen, above 0 and at most the amount claimed', () => {
    expect(stepBody('paid', '', '3500', 350_000)).toEqual({ body: { to: 'paid', paidFen: 350_000 } });
    expect(stepBody('paid', '', '1,234.5', 350_000)).toEqual({ body: { to: 'paid', paidFen: 123_450 } });
    expect(stepBody('paid', '', '3500.01', 350_000)).toEqual({ problem: 'paidTooMuch' });
    for (const bad of ['', '0', '-1', 'abc', '1.234'])
      expect(stepBody('paid', '', bad, 350_000), bad).toEqual({ problem: 'paidInvalid' });
  });

  it("every body it makes passes the server's schema", () => {
    for (const from of CLAIM_STATUSES) {
      for (const to of deskActions(from)) {
        const step = stepBody(to, '说明', '100', 10_000);
        expect('body' in step && ClaimTransitionSchema.safeParse(step.body).success, `${from} → ${to}`).toBe(true);
      }
    }
  });
});

describe('the list query', () => {
  it('sends the tab as status (none for all) and a trimmed keyword, which the server accepts', () => {
    expect(deskQuery('open', '', 1)).toEqual({ page: 1, pageSize: 20, status: 'open' });
    expect(deskQuery('all', '  C2026 ', 2)).toEqual({ page: 2, pageSize: 20, keyword: 'C2026' });
    expect(deskQuery('reviewing', '   ', 1)).toEqual({ page: 1, pageSize: 20, status: 'reviewing' });
    expect(deskQuery('all', 'x'.repeat(80), 1).keyword).toHaveLength(50);
    for (const tab of DESK_FILTERS) {
      const q = Object.fromEntries(Object.entries(deskQuery(tab, '张三', 3)).map(([k, v]) => [k, String(v)]));
      expect(ClaimDeskQuerySchema.safeParse(q).success, tab).toBe(true);
    }
  });
});

describe('who sees the desk', () => {
  it('only members holding the channel role', () => {
    expect(isDeskStaff(['channel'])).toBe(true);
    expect(isDeskStaff(['member', 'channel'])).toBe(true);
    expect(isDeskStaff(['member', 'company', 'partner'])).toBe(false);
    expect(isDeskStaff([])).toBe(false);
    expect(isDeskStaff(null)).toBe(false);
  });
});

describe('the paid amount field starts at the amount claimed', () => {
  it('writes fen as yuan, whole yuan without decimals', () => {
    expect(fenToYuanText(350_000)).toBe('3500');
    expect(fenToYuanText(123_450)).toBe('1234.50');
    expect(fenToYuanText(7)).toBe('0.07');
  });
});
