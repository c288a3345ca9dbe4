import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeFetch } from '../test/fake-fetch.ts';
import { unwrap } from './client.ts';
import { filenameFrom } from './download.ts';
import { IssuesError, issuesClient, issuesOf, withIssues } from './field-issues.ts';

afterEach(() => vi.unstubAllGlobals());

describe('refusals that name fields', () => {
  it('carry data.issues to the caller besides code and message', async () => {
    const issues = [{ field: 'applicant.idNumber', message: '证件号码校验位不正确，请核对' }];
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => envelope({ issues }, 'A0400', '投保信息不完整或有误：证件号码校验位不正确，请核对', 400)).fetch,
    );
    const call = withIssues((context) =>
      unwrap(issuesClient.put('app-api/v1/order/drafts/1', { json: {}, context: { ...context, silent: true } })),
    );
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IssuesError);
    expect((error as IssuesError).code).toBe('A0400');
    expect((error as IssuesError).message).toBe('投保信息不完整或有误：证件号码校验位不正确，请核对');
    expect(issuesOf(error)).toEqual(issues);
  });

  it('answer no issues when the server named none, and successes pass through', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch((_r, call) =>
        call.url.endsWith('/ok') ? envelope({ id: 1 }) : envelope(null, 'A0404', '投保单不存在或已提交', 404),
      ).fetch,
    );
    const missing = await withIssues((context) =>
      unwrap(issuesClient.get('app-api/v1/x', { context: { ...context, silent: true } })),
    ).catch((e: unknown) => e);
    expect(issuesOf(missing)).toEqual([]);
    await expect(withIssues((context) => unwrap(issuesClient.get('app-api/v1/ok', { context })))).resolves.toEqual({
      id: 1,
    });
  });
});

describe('downloaded file names', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(
      filenameFrom(
        `attachment; filename="team.xlsx"; filename*=UTF-8''${encodeURIComponent('雇主责任险-被保人名单.xlsx')}`,
        'x.xlsx',
      ),
    ).toBe('雇主责任险-被保人名单.xlsx');
    expect(filenameFrom('attachment; filename="team.xlsx"', 'x.xlsx')).toBe('team.xlsx');
    expect(filenameFrom(null, 'x.xlsx')).toBe('x.xlsx');
  });
});
