import { replaceOption, type AfterResponseHook, type KyInstance } from 'ky';
import type { FieldIssue } from '#shared/envelope.ts';
import { ApiError, apiClient } from './client.ts';

/**
 * The server names the form fields a refusal is about (`data.issues[]` of an A0400/A0420 envelope,
 * src/shared/envelope.ts). The shell's client keeps only code and message, so this client reads
 * the issues first, into a box the caller passes as `context.issueBox`, and then lets the shell's
 * hooks run unchanged (toast, ApiError, refresh and replay).
 */
interface IssueBox {
  issues?: FieldIssue[];
}

/** A refused call with the fields it names (empty when the server named none). */
export class IssuesError extends ApiError {
  readonly issues: FieldIssue[];

  constructor(base: ApiError, issues: FieldIssue[]) {
    super(base.code, base.message, base.status);
    this.name = 'IssuesError';
    this.issues = issues;
  }
}

function isIssue(value: unknown): value is FieldIssue {
  const v = value as Partial<FieldIssue> | null;
  return typeof v?.field === 'string' && typeof v.message === 'string';
}

const captureIssues: AfterResponseHook = async ({ response, options }) => {
  const box = (options.context as { issueBox?: IssueBox }).issueBox;
  if (!box || !(response.headers.get('content-type') ?? '').includes('json')) return;
  const body = (await response.json().catch(() => null)) as { data?: { issues?: unknown } } | null;
  const issues = body?.data?.issues;
  if (Array.isArray(issues)) box.issues = issues.filter(isIssue);
};

/** The shell's client with the issue reader placed before its own response hooks. */
export const issuesClient: KyInstance = apiClient.extend((defaults) => ({
  hooks: replaceOption({ ...defaults.hooks, afterResponse: [captureIssues, ...(defaults.hooks?.afterResponse ?? [])] }),
}));

/**
 * Runs a call of `issuesClient` with a fresh box; a refusal is rethrown as IssuesError.
 * `withIssues((context) => issuesClient.put(url, { json, context }))`
 */
export async function withIssues<T>(run: (context: { issueBox: IssueBox }) => Promise<T>): Promise<T> {
  const box: IssueBox = {};
  try {
    return await run({ issueBox: box });
  } catch (error) {
    if (error instanceof ApiError) throw new IssuesError(error, box.issues ?? []);
    throw error;
  }
}

/** The issues of a failed call, or none. */
export function issuesOf(error: unknown): FieldIssue[] {
  return error instanceof IssuesError ? error.issues : [];
}
