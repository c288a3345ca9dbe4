import type { Partner, PartnerEdit, PartnerList, RelationRemoved } from '#shared/partners.ts';
import * as paths from '#shared/api-paths.ts';
import { apiClient, unwrap } from './client.ts';
import { issuesClient, withIssues } from './field-issues.ts';

/*
 * Partners (src/shared/partners.ts, docs/decisions/partner-relations.md): the list channel
 * staff see whole and a partner sees as their own relations, channel staff's edit, and removing a
 * relation.
 */

/** `GET partner?keyword=&page=&pageSize=`. */
export function listPartners(query: { keyword?: string; page: number; pageSize: number }): Promise<PartnerList> {
  const searchParams: Record<string, string> = { page: String(query.page), pageSize: String(query.pageSize) };
  if (query.keyword?.trim()) searchParams.keyword = query.keyword.trim();
  return unwrap<PartnerList>(apiClient.get(paths.partners.list(), { searchParams }));
}

/** `PUT partner/{id}` (channel staff): name, remark and/or status; answers the partner as listed. */
export const editPartner = (id: number, edit: PartnerEdit) =>
  withIssues((context) => unwrap<Partner>(issuesClient.put(paths.partners.detail({ id }), { json: edit, context })));

/**
 * `PUT partner/canre/{a}/{b}`: removes the relation between a and b. Silent: a refusal (open orders,
 * unsettled commission) carries the reason the screen shows in its own dialog.
 */
export const removeRelation = (a: number, b: number) =>
  unwrap<RelationRemoved>(apiClient.put(paths.partners.relation({ a, b }), { context: { silent: true } }));
