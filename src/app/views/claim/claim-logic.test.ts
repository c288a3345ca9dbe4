import { describe, expect, it } from 'vitest';
import {
  CLAIM_FILE_MAX_BYTES,
  CLAIM_FILES_MAX,
  CLAIM_FILES_PER_REQUEST,
  maskBankAccount,
  type ClaimEvent,
} from '#shared/claims.ts';
import { RATEABLE_CLAIM_STATUSES } from '#shared/feedback.ts';
import {
  claimLimitOf,
  defaultClaimType,
  FILE_MAX_BYTES,
  FILES_MAX,
  FILES_PER_REQUEST,
  fileKind,
  inBatches,
  maskAccount,
  RATEABLE,
  timelineSteps,
} from './claim-logic.ts';

const ev = (
  status: ClaimEvent['status'],
  createdAt: string,
  note: string | null = null,
  actor: ClaimEvent['actor'] = 'staff',
): ClaimEvent => ({ status, statusText: status, note, actor, createdAt });

describe('the claim timeline', () => {
  it('orders steps by time (the server order breaks ties) and marks the newest as current', () => {
    const steps = timelineSteps(
      [
        ev('supplement', '2026-11-21T02:00:00.000Z', '请补充发票'),
        ev('reported', '2026-11-20T01:00:00.000Z', null, 'member'),
        ev('reviewing', '2026-11-20T08:00:00.000Z'),
      ],
      'supplement',
    );
    expect(steps.map((s) => [s.status, s.state])).toEqual([
      ['reported', 'finish'],
      ['reviewing', 'finish'],
      ['supplement', 'process'],
      ['reviewing', 'wait'],
      ['closed', 'wait'],
      ['paid', 'wait'],
    ]);
    expect(steps[2].note).toBe('请补充发票');
    const same = timelineSteps(
      [ev('reported', '2026-11-20T01:00:00.000Z'), ev('reviewing', '2026-11-20T01:00:00.000Z')],
      'reviewing',
    );
    expect(same.map((s) => s.status)).toEqual(['reported', 'reviewing', 'closed', 'paid']);
  });

  it('ends with 拒赔 as an error and nothing ahead; 已赔付 as finished', () => {
    const refused = timelineSteps(
      [
        ev('reported', '2026-11-20T01:00:00Z'),
        ev('reviewing', '2026-11-20T02:00:00Z'),
        ev('rejected', '2026-11-20T03:00:00Z', '不在保障范围'),
      ],
      'rejected',
    );
    expect(refused.at(-1)).toMatchObject({ status: 'rejected', state: 'error', note: '不在保障范围' });
    expect(refused).toHaveLength(3);
    const paid = timelineSteps([ev('closed', '2026-11-20T03:00:00Z'), ev('paid', '2026-11-20T04:00:00Z')], 'paid');
    expect(paid.map((s) => s.state)).toEqual(['finish', 'finish']);
  });
});

describe('limits and masking agree with the server', () => {
  it("uses the contract's numbers", () => {
    expect(FILES_PER_REQUEST).toBe(CLAIM_FILES_PER_REQUEST);
    expect(FILE_MAX_BYTES).toBe(CLAIM_FILE_MAX_BYTES);
    expect(FILES_MAX).toBe(CLAIM_FILES_MAX);
    expect([...RATEABLE]).toEqual([...RATEABLE_CLAIM_STATUSES]);
  });

  it('masks the typed account like the server does', () => {
    for (const typed of ['6225 8801 2345 6789', '6225-8801-2345-6789', '1234']) {
      expect(maskAccount(typed)).toBe(maskBankAccount(typed.replace(/[\s-]+/g, '')));
    }
    expect(maskAccount('6225 8801 2345 6789')).toBe('**** 6789');
    expect(maskAccount('')).toBe('');
  });

  it('sends at most 9 files a request', () => {
    expect(inBatches([...Array(20).keys()]).map((b) => b.length)).toEqual([9, 9, 2]);
    expect(inBatches([])).toEqual([]);
  });

  it('tells photos and PDFs from other files by type or name', () => {
    expect(fileKind(new File(['x'], 'a.JPG'))).toBe('image');
    expect(fileKind(new File(['x'], 'scan', { type: 'image/png' }))).toBe('image');
    expect(fileKind(new File(['x'], 'b.pdf'))).toBe('pdf');
    expect(fileKind(new File(['x'], 'c.gif', { type: 'image/gif' }))).toBeNull();
    expect(fileKind(new File(['x'], 'd.exe'))).toBeNull();
  });
});

describe('the claim type the report form starts on', () => {
  it('is a medical type for a 医疗险 (百万医疗险), not 意外医疗', () => {
    expect(defaultClaimType('medical')).toBe('hospital');
  });
  it('follows accident, team and travel products', () => {
    expect(defaultClaimType('accident')).toBe('accident_medical');
    expect(defaultClaimType('team')).toBe('accident_medical');
    expect(defaultClaimType('travel')).toBe('travel_delay');
  });
  it('is 其他 for a type it does not know', () => {
    expect(defaultClaimType('pet')).toBe('other');
  });
});

describe('the claim limit', () => {
  const policy = {
    totalSumInsuredFen: 105_015_000,
    claimLimitsFen: { accident_medical: 5_000_000, death_disability: 100_000_000 },
  };
  it("is the chosen type's cover, not the sum of every cover", () => {
    expect(claimLimitOf(policy, 'accident_medical')).toBe(5_000_000);
    expect(claimLimitOf(policy, 'death_disability')).toBe(100_000_000);
  });
  it('is the sum for a type no cover names, and before a type is chosen', () => {
    expect(claimLimitOf(policy, 'other')).toBe(105_015_000);
    expect(claimLimitOf(policy, undefined)).toBe(105_015_000);
  });
});
