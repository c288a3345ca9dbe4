import type { TeamImportResult, TeamList, TeamRowDetail } from '#shared/orders.ts';
import { unwrap } from './client.ts';
import { issuesClient, withIssues } from './field-issues.ts';

/** The insured list of a team draft (`/order/drafts/{id}/team…`): rows, import, template, export. */

const team = (draftId: number) => `app-api/v1/order/drafts/${draftId}/team`;

/** A row as the single-row form sends it. */
export interface TeamRowInput {
  name: string;
  idType: 'id_card';
  idNumber: string;
  mobile?: string;
  occupationClass: number;
}

export function getTeamList(draftId: number): Promise<TeamList> {
  return unwrap<TeamList>(issuesClient.get(team(draftId)));
}

export function getTeamRow(draftId: number, rowId: number): Promise<TeamRowDetail> {
  return unwrap<TeamRowDetail>(issuesClient.get(`${team(draftId)}/insured/${rowId}`));
}

export function addTeamRow(draftId: number, row: TeamRowInput): Promise<TeamList> {
  return withIssues((context) =>
    unwrap<TeamList>(issuesClient.post(`${team(draftId)}/insured`, { json: row, context })),
  );
}

export function editTeamRow(draftId: number, rowId: number, row: TeamRowInput): Promise<TeamList> {
  return withIssues((context) =>
    unwrap<TeamList>(issuesClient.put(`${team(draftId)}/insured/${rowId}`, { json: row, context })),
  );
}

export function removeTeamRow(draftId: number, rowId: number): Promise<TeamList> {
  return unwrap<TeamList>(issuesClient.delete(`${team(draftId)}/insured/${rowId}`));
}

/** All or nothing: with any error nothing is imported and `errors` names each row and column. */
export function importTeamList(draftId: number, file: File): Promise<TeamImportResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return unwrap<TeamImportResult>(issuesClient.post(`${team(draftId)}/import`, { body }));
}

export const teamTemplatePath = (draftId: number) => `${team(draftId)}/template`;
export const teamExportPath = (draftId: number) => `${team(draftId)}/export`;
