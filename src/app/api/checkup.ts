import type { Checkup, CheckupCategory, CheckupQuote } from '#shared/checkup.ts';
import * as paths from '#shared/api-paths.ts';
import { unwrap } from './client.ts';
import { issuesClient, withIssues } from './field-issues.ts';

/*
 * The family cover check-up (保障体检, src/shared/checkup.ts): each person's cover today and the
 * gaps, computed on the server; one tap on a gap prepares drafts for the uncovered persons.
 */

export function getCheckup(): Promise<Checkup> {
  return unwrap<Checkup>(issuesClient.get(paths.checkup.overview()));
}

/** Drafts on a suitable product for the persons lacking `category`; open `drafts[0]` with resumeLink. */
export function quoteGap(category: CheckupCategory): Promise<CheckupQuote> {
  return withIssues((context) =>
    unwrap<CheckupQuote>(issuesClient.post(paths.checkup.quote(), { json: { category }, context })),
  );
}
