import type { AddedPoliciesDeleted, AddedPolicy, AddedPolicyInput, AddedPolicyList } from '#shared/added-policies.ts';
import * as paths from '#shared/api-paths.ts';
import { apiClient, unwrap } from './client.ts';
import { downloadFile, type DownloadOutcome } from './download.ts';
import { issuesClient, withIssues } from './field-issues.ts';

/*
 * 保单托管 (src/shared/added-policies.ts): the member's policies held with other insurers. Lists come
 * masked; refusals of the form come back as IssuesError naming the fields.
 */

export function listAddedPolicies(): Promise<AddedPolicyList> {
  return unwrap<AddedPolicyList>(issuesClient.get(paths.addedPolicies.list()));
}

export function addPolicy(input: AddedPolicyInput): Promise<AddedPolicy> {
  return withIssues((context) =>
    unwrap<AddedPolicy>(issuesClient.post(paths.addedPolicies.list(), { json: input, context })),
  );
}

export function updateAddedPolicy(id: number, input: AddedPolicyInput): Promise<AddedPolicy> {
  return withIssues((context) =>
    unwrap<AddedPolicy>(issuesClient.put(paths.addedPolicies.detail({ id }), { json: input, context })),
  );
}

export async function deleteAddedPolicy(id: number): Promise<void> {
  await unwrap<AddedPoliciesDeleted>(apiClient.delete(paths.addedPolicies.detail({ id })));
}

/** Removes every added policy and its stored documents. */
export function deleteAllAddedPolicies(): Promise<AddedPoliciesDeleted> {
  return unwrap<AddedPoliciesDeleted>(apiClient.delete(paths.addedPolicies.list()));
}

/** The policy's documents (PDF or photos); the server judges each by its first bytes and size. */
export function uploadPolicyDocuments(id: number, files: File[]): Promise<AddedPolicy> {
  const body = new FormData();
  for (const f of files) body.append('file', f, f.name);
  return unwrap<AddedPolicy>(apiClient.post(paths.addedPolicies.files({ id }), { body }));
}

/** One stored document's bytes (it needs the Bearer header, so the page shows it from a blob). */
export async function addedPolicyFileBlob(id: number, fileId: number): Promise<Blob> {
  return (await apiClient.get(paths.addedPolicies.file({ id, fileId }))).blob();
}

/** Removes one document; answers the policy with the documents left. */
export function deleteAddedPolicyFile(id: number, fileId: number): Promise<AddedPolicy> {
  return unwrap<AddedPolicy>(apiClient.delete(paths.addedPolicies.file({ id, fileId })));
}

/** Everything added, as a zip of JSON and the documents. */
export function exportAddedPolicies(): Promise<DownloadOutcome> {
  return downloadFile(paths.addedPolicies.export(), 'added-policies.zip');
}
