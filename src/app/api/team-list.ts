import type { TeamImportResult, TeamList, TeamRowDetail } from '#shared/orders.ts';
import * as paths from '#shared/api-paths.ts';
import { unwrap } from './client.ts';
import { issuesClient, withIssues } from './field-issues.ts';

/** The insured list of a team draft (`/order/drafts/{id}/team…`): rows, import, template, export. */

/** A row as the single-row form sends it. */
export interface TeamRowInput {
  name: string;
  idType: 'id_card';
  idNumber: string;
  mobile?: string;
  occupationClass: number;
}

export function getTeamList(draftId: number): Promise<TeamList> {
  return unwrap<TeamList>(issuesClient.get(paths.drafts.team({ id: draftId })));
}

export function getTeamRow(draftId: number, rowId: number): Promise<TeamRowDetail> {
  return unwrap<TeamRowDetail>(issuesClient.get(paths.drafts.teamRow({ id: draftId, rowId })));
}

export function addTeamRow(draftId: number, row: TeamRowInput): Promise<TeamList> {
  return withIssues((context) =>
    unwrap<TeamList>(issuesClient.post(paths.drafts.teamInsured({ id: draftId }), { json: row, context })),
  );
}

export function editTeamRow(draftId: number, rowId: number, row: TeamRowInput): Promise<TeamList> {
  return withIssues((context) =>
    unwrap<TeamList>(issuesClient.put(paths.drafts.teamRow({ id: draftId, rowId }), { json: row, context })),
  );
}

export function removeTeamRow(draftId: number, rowId: number): Promise<TeamList> {
  return unwrap<TeamList>(issuesClient.delete(paths.drafts.teamRow({ id: draftId, rowId })));
}

/** All or nothing: with any error nothing is imported and `errors` names each row and column. */
export function importTeamList(draftId: number, file: File): Promise<TeamImportResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return unwrap<TeamImportResult>(issuesClient.post(paths.drafts.teamImport({ id: draftId }), { body }));
}

export const teamTemplatePath = (draftId: number) => paths.drafts.teamTemplate({ id: draftId });
export const teamExportPath = (draftId: number) => paths.drafts.teamExport({ id: draftId });
