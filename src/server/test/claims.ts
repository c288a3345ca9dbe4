import { expect } from 'vitest';
import type { ClaimDetail, ClaimUploadResult } from '#shared/claims.ts';
import type { PolicyDetail } from '#shared/policies.ts';
import type { TestContext } from './helper.ts';
import { beijingToday, plusDays } from './dates.ts';
import { api, V1, type Answer } from './http.ts';
import type { Caller } from './sign-in.ts';

/** Helpers of the claim tests: report bodies, files by their first bytes, multipart uploads over HTTP. */

export function reportBody(policy: PolicyDetail, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    policyId: policy.id,
    insuredId: policy.insured[0].id,
    type: 'accident_medical',
    incidentDate: plusDays(beijingToday(), -2),
    description: '下楼时摔倒导致右脚踝骨折，在医院门诊治疗。',
    amountFen: 350_000,
    payeeName: '李投保',
    payeeBank: '招商银行北京分行',
    payeeAccount: '6225 8801 2345 6789',
    ...over,
  };
}

export async function report(
  ctx: TestContext,
  who: Caller,
  policy: PolicyDetail,
  over: Record<string, unknown> = {},
): Promise<ClaimDetail> {
  const res = await api(ctx)<ClaimDetail>('POST', 'claims', who, reportBody(policy, over));
  expect(res.status, res.msg).toBe(200);
  return res.data;
}

/** Bytes that start like the real thing: the server judges files by their first bytes only. */
export const fileBytes = {
  jpeg: (size = 2048) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 7)]),
  png: (size = 2048) =>
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 1)]),
  pdf: (size = 2048) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 32)]),
  gif: () => Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
  exe: () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(500, 0)]),
  text: () => Buffer.from('这不是图片'),
};

/** POST /claims/{id}/files as a browser sends it: multipart, field `file` (repeated), optional `kind`. */
export async function upload(
  ctx: TestContext,
  who: Caller | null,
  claimId: number,
  files: { bytes: Buffer; name?: string; type?: string }[],
  kind?: string,
): Promise<Answer<ClaimUploadResult>> {
  const form = new FormData();
  for (const [i, f] of files.entries())
    form.append(
      'file',
      new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/jpeg' }),
      f.name ?? `photo-${i}.jpg`,
    );
  if (kind !== undefined) form.append('kind', kind);
  const res = await fetch(`${ctx.url}${V1}/claims/${claimId}/files`, {
    method: 'POST',
    headers: who?.headers ?? {},
    body: form,
  });
  const json = await res.json();
  return { status: res.status, code: json.code, msg: json.msg, data: json.data };
}
