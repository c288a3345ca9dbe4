import {
  CLAIM_FILE_KIND_LABELS,
  CLAIM_FILES_MAX,
  CLAIM_STATUS_LABELS,
  CLAIM_TYPE_LABELS,
  UPLOAD_STATUSES,
  maskBankAccount,
  type ClaimDeskRow,
  type ClaimDetail,
  type ClaimEvent,
  type ClaimFile,
  type ClaimSummary,
} from '#shared/claims.ts';
import { DEFAULT_LANGUAGE, type Language } from '#shared/constants.ts';
import { maskIdNumber, maskMobile } from '#shared/identity.ts';
import * as paths from '#shared/api-paths.ts';
import { claimClock } from './clock.ts';
import type { ClaimEventRow, ClaimFileRow, ClaimWithNames, DeskClaimRow } from './repository.ts';

/** Answers of the claim calls. The bank account shows its last 4 digits only, ID numbers 4 + 4. */

/** In `language` where the product version has a translation of its name (docs/decisions/catalogue-translations.md). */
export function toClaimSummary(
  { claim, policyNo, productName, productNamePl, insuredName }: ClaimWithNames,
  language: Language = DEFAULT_LANGUAGE,
  now = new Date(),
): ClaimSummary {
  return {
    id: claim.id,
    claimNo: claim.claimNo,
    policyId: claim.policyId,
    policyNo,
    productName: language === 'pl' && productNamePl ? productNamePl : productName,
    insuredName,
    type: claim.type,
    typeText: CLAIM_TYPE_LABELS[claim.type],
    incidentDate: claim.incidentDate,
    amountFen: claim.amountFen,
    paidFen: claim.paidFen,
    status: claim.status,
    statusText: CLAIM_STATUS_LABELS[claim.status],
    clock: claimClock(claim, now),
    createdAt: claim.createdAt.toISOString(),
    updatedAt: claim.updatedAt.toISOString(),
  };
}

export function toClaimFile(f: ClaimFileRow): ClaimFile {
  return {
    id: f.id,
    kind: f.kind,
    kindText: CLAIM_FILE_KIND_LABELS[f.kind],
    mime: f.mime,
    size: f.size,
    createdAt: f.createdAt.toISOString(),
    // Below the member API's base, as the contract has it (the H5 prefixes that base).
    url: paths.claims.file({ id: f.claimId, fileId: f.id }).slice(paths.claims.file.base.length),
  };
}

function toClaimEvent(e: ClaimEventRow): ClaimEvent {
  return {
    status: e.status,
    statusText: CLAIM_STATUS_LABELS[e.status],
    note: e.note,
    actor: e.actorRole,
    createdAt: e.createdAt.toISOString(),
  };
}

export function toClaimDetail(
  found: ClaimWithNames,
  files: ClaimFileRow[],
  events: ClaimEventRow[],
  language: Language = DEFAULT_LANGUAGE,
): ClaimDetail {
  const { claim } = found;
  return {
    ...toClaimSummary(found, language),
    description: claim.description,
    insuredIdNumberMasked: maskIdNumber(found.insuredIdNumber),
    payee: { name: claim.payeeName, bank: claim.payeeBank, accountMasked: maskBankAccount(claim.payeeAccount) },
    paidAt: claim.paidAt?.toISOString() ?? null,
    files: files.map(toClaimFile),
    events: events.map(toClaimEvent),
    actions: {
      upload: UPLOAD_STATUSES.includes(claim.status) && files.length < CLAIM_FILES_MAX,
      supplement: claim.status === 'supplement',
    },
    maxFiles: CLAIM_FILES_MAX,
  };
}

/** A staff desk row: masked exactly as the member's own detail is (ID 4 + 4, account last 4, mobile 3 + 4). */
export function toClaimDeskRow(row: DeskClaimRow, language: Language = DEFAULT_LANGUAGE): ClaimDeskRow {
  const { claim } = row;
  return {
    ...toClaimSummary(row, language),
    reporter: {
      nickname: row.reporterNickname || row.reporterUsername || '',
      mobileMasked: row.reporterMobile ? maskMobile(row.reporterMobile) : '',
    },
    insuredIdNumberMasked: maskIdNumber(row.insuredIdNumber),
    payee: { name: claim.payeeName, bank: claim.payeeBank, accountMasked: maskBankAccount(claim.payeeAccount) },
  };
}
