import {
  CLAIM_FILE_KIND_KEYS,
  CLAIM_FILES_MAX,
  CLAIM_STATUS_KEYS,
  CLAIM_TYPE_KEYS,
  UPLOAD_STATUSES,
  maskBankAccount,
  type ClaimDeskRow,
  type ClaimDetail,
  type ClaimEvent,
  type ClaimFile,
  type ClaimSummary,
} from '#shared/claims.ts';
import type { Language } from '#shared/constants.ts';
import { maskIdNumber, maskMobile } from '#shared/identity.ts';
import * as paths from '#shared/api-paths.ts';
import { renderText } from '../../lib/texts/render.ts';
import { claimClock } from './clock.ts';
import type { ClaimEventRow, ClaimFileRow, ClaimWithNames, DeskClaimRow } from './repository.ts';

/**
 * Answers of the claim calls. The bank account shows its last 4 digits only, ID numbers 4 + 4. Names
 * of codes (`typeText`, `statusText`, `kindText`) are in the reader's language (docs/decisions/server-texts-by-key.md).
 */

/** In `language` where the product version has a translation of its name (docs/decisions/catalogue-translations.md). */
export function toClaimSummary(
  { claim, policyNo, productName, productNamePl, insuredName }: ClaimWithNames,
  language: Language,
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
    typeText: renderText(language, CLAIM_TYPE_KEYS[claim.type]),
    incidentDate: claim.incidentDate,
    amountFen: claim.amountFen,
    paidFen: claim.paidFen,
    status: claim.status,
    statusText: renderText(language, CLAIM_STATUS_KEYS[claim.status]),
    clock: claimClock(claim, now),
    createdAt: claim.createdAt.toISOString(),
    updatedAt: claim.updatedAt.toISOString(),
  };
}

export function toClaimFile(f: ClaimFileRow, language: Language): ClaimFile {
  return {
    id: f.id,
    kind: f.kind,
    kindText: renderText(language, CLAIM_FILE_KIND_KEYS[f.kind]),
    mime: f.mime,
    size: f.size,
    createdAt: f.createdAt.toISOString(),
    // Below the member API's base, as the contract has it (the H5 prefixes that base).
    url: paths.claims.file({ id: f.claimId, fileId: f.id }).slice(paths.claims.file.base.length),
  };
}

function toClaimEvent(e: ClaimEventRow, language: Language): ClaimEvent {
  return {
    status: e.status,
    statusText: renderText(language, CLAIM_STATUS_KEYS[e.status]),
    note: e.note,
    actor: e.actorRole,
    createdAt: e.createdAt.toISOString(),
  };
}

export function toClaimDetail(
  found: ClaimWithNames,
  files: ClaimFileRow[],
  events: ClaimEventRow[],
  language: Language,
): ClaimDetail {
  const { claim } = found;
  return {
    ...toClaimSummary(found, language),
    description: claim.description,
    insuredIdNumberMasked: maskIdNumber(found.insuredIdNumber),
    payee: { name: claim.payeeName, bank: claim.payeeBank, accountMasked: maskBankAccount(claim.payeeAccount) },
    paidAt: claim.paidAt?.toISOString() ?? null,
    files: files.map((f) => toClaimFile(f, language)),
    events: events.map((e) => toClaimEvent(e, language)),
    actions: {
      upload: UPLOAD_STATUSES.includes(claim.status) && files.length < CLAIM_FILES_MAX,
      supplement: claim.status === 'supplement',
    },
    maxFiles: CLAIM_FILES_MAX,
  };
}

/** A staff desk row: masked exactly as the member's own detail is (ID 4 + 4, account last 4, mobile 3 + 4). */
export function toClaimDeskRow(row: DeskClaimRow, language: Language): ClaimDeskRow {
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
