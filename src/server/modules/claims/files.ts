import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Language } from '#shared/constants.ts';
import {
  CLAIM_FILE_KINDS,
  CLAIM_FILE_MAX_BYTES,
  CLAIM_FILES_MAX,
  UPLOAD_STATUSES,
  type ClaimFileKind,
  type ClaimFileMime,
  type ClaimStatus,
  type ClaimUploadResult,
} from '#shared/claims.ts';
import { AppError } from '../../lib/app-error.ts';
import { newStorageKey } from '../../providers/storage/keys.ts';
import { claimNotFound, ownClaim } from './access.ts';
import { EXTENSIONS, sniffClaimFile } from './file-type.ts';
import { toClaimFile } from './present.ts';
import { fileCount, findFile, insertFiles, lockClaim, type ClaimWithNames } from './repository.ts';
import { phrase } from '../../lib/texts/render.ts';
import { sendStoredFile } from '../../lib/file-response.ts';

/**
 * Claim materials: photos (JPEG, PNG) and PDFs, at most 5 MiB each and 20 per claim, stored by the
 * storage provider under `claims/<claimId>/`, uploaded by the claim's member while the claim is
 * 已报案 or 补充材料. The database keeps only key, type, size and kind.
 */

interface Upload {
  bytes: Buffer;
  mime: ClaimFileMime;
}

/** The files of a multipart body (field `file`, once or repeated) and the `kind` field. */
export function readUpload(body: unknown): { files: Upload[]; kind: ClaimFileKind } {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const raw = fields.file;
  const parts = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  if (!parts.length || !parts.every(Buffer.isBuffer)) throw new AppError('A0410', 'claims.fileMissing');
  const kind = fields.kind ?? 'other';
  if (typeof kind !== 'string' || !(CLAIM_FILE_KINDS as readonly string[]).includes(kind)) {
    throw new AppError('A0400', phrase('claims.fileKind', { kinds: [...CLAIM_FILE_KINDS] }), [
      { field: 'kind', message: 'claims.fileKindField' },
    ]);
  }
  const files = (parts as Buffer[]).map((bytes) => {
    // The upload limit lets one byte past 5 MiB through, so a bigger file is told apart from a full one.
    if (bytes.length > CLAIM_FILE_MAX_BYTES) throw new AppError('A0413', 'claims.fileTooLarge');
    if (bytes.length === 0) throw new AppError('A0400', 'upload.empty');
    const mime = sniffClaimFile(bytes);
    if (!mime) throw new AppError('A0415', 'claims.fileType');
    return { bytes, mime };
  });
  return { files, kind: kind as ClaimFileKind };
}

function assertCanUpload(status: ClaimStatus, existing: number, adding: number): void {
  if (!UPLOAD_STATUSES.includes(status))
    throw new AppError('A0470', phrase('claims.noUpload', { status: `claim.status.${status}` }));
  if (existing + adding > CLAIM_FILES_MAX) {
    throw new AppError('A0400', phrase('claims.tooManyFiles', { max: CLAIM_FILES_MAX, count: existing }));
  }
}

export async function uploadClaimFiles(
  app: FastifyInstance,
  memberId: number,
  claimId: number,
  body: unknown,
  language: Language,
): Promise<ClaimUploadResult> {
  // Ownership first: a stranger learns nothing from how their file would have been judged.
  const found = await ownClaim(app.db, memberId, claimId);
  const { files, kind } = readUpload(body);
  assertCanUpload(found.claim.status, await fileCount(app.db, claimId), files.length);

  const { storage } = app.providers;
  const stored = files.map((f) => ({ ...f, key: newStorageKey(`claims/${claimId}`, EXTENSIONS[f.mime]) }));
  await Promise.all(stored.map((f) => storage.put(f.key, f.bytes, f.mime)));
  try {
    const rows = await app.db.transaction(async (tx) => {
      // Checked again under the claim's lock: parallel uploads cannot pass 20 together.
      const locked = await lockClaim(tx, claimId);
      if (!locked) throw claimNotFound();
      assertCanUpload(locked.status, await fileCount(tx, claimId), stored.length);
      return insertFiles(
        tx,
        stored.map((f) => ({
          claimId,
          storageKey: f.key,
          mime: f.mime,
          size: f.bytes.length,
          kind,
          uploadedBy: memberId,
        })),
      );
    });
    return {
      files: rows.map((f) => toClaimFile(f, language)),
      count: await fileCount(app.db, claimId),
      maxFiles: CLAIM_FILES_MAX,
    };
  } catch (error) {
    await Promise.all(stored.map((f) => storage.delete(f.key).catch(() => undefined)));
    throw error;
  }
}

/** Sends one stored file with its own type; never cached, never sniffed by the browser. */
export async function sendClaimFile(app: FastifyInstance, reply: FastifyReply, found: ClaimWithNames, fileId: number) {
  const file = await findFile(app.db, found.claim.id, fileId);
  const object = file ? await app.providers.storage.get(file.storageKey) : null;
  if (!file || !object) throw new AppError('A0404', 'claims.fileNotFound');
  return sendStoredFile(reply, file.mime, `${found.claim.claimNo}-${file.id}${EXTENSIONS[file.mime]}`, object.bytes);
}
