import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ADDED_POLICY_FILES_MAX, type AddedPolicy } from '#shared/added-policies.ts';
import { beijingToday } from '#shared/beijing-time.ts';
import { CLAIM_FILE_MAX_BYTES, type ClaimFileMime } from '#shared/claims.ts';
import type { Tx } from '../../db/client.ts';
import { addedPolicies, addedPolicyFiles } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { phrase } from '../../lib/texts/render.ts';
import { sendStoredFile } from '../../lib/file-response.ts';
import { newStorageKey } from '../../providers/storage/keys.ts';
import { EXTENSIONS, sniffClaimFile } from '../claims/file-type.ts';
import { addedPolicyNotFound, presentAdded } from './added-policies.ts';
import { findAdded } from './repository.ts';

/**
 * The documents of an added policy (保单 PDF or photos), judged and kept like claim materials: JPEG,
 * PNG or PDF by their first bytes, at most 5 MiB each, stored by the storage provider under
 * `added-policies/<memberId>/`; at most ADDED_POLICY_FILES_MAX per policy. Only the member reads them.
 */

interface Upload {
  bytes: Buffer;
  mime: ClaimFileMime;
}

/** The files of a multipart body (field `file`, once or repeated). */
function readFiles(body: unknown): Upload[] {
  const raw = (body && typeof body === 'object' ? (body as Record<string, unknown>) : {}).file;
  const parts = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  if (!parts.length || !parts.every(Buffer.isBuffer)) throw new AppError('A0410', 'addedPolicy.fileMissing');
  return (parts as Buffer[]).map((bytes) => {
    // The upload limit lets one byte past 5 MiB through, so a bigger file is told apart from a full one.
    if (bytes.length > CLAIM_FILE_MAX_BYTES) throw new AppError('A0413', 'claims.fileTooLarge');
    if (bytes.length === 0) throw new AppError('A0400', 'upload.empty');
    const mime = sniffClaimFile(bytes);
    if (!mime) throw new AppError('A0415', 'claims.fileType');
    return { bytes, mime };
  });
}

/** Locks the member's policy row and checks there is room; parallel uploads cannot pass the limit together. */
async function lockWithRoom(tx: Tx, memberId: number, id: number, adding: number): Promise<void> {
  const [own] = await tx
    .select({ id: addedPolicies.id })
    .from(addedPolicies)
    .where(and(eq(addedPolicies.id, id), eq(addedPolicies.memberId, memberId)))
    .for('update');
  if (!own) throw addedPolicyNotFound();
  const [{ n }] = await tx.select({ n: count() }).from(addedPolicyFiles).where(eq(addedPolicyFiles.addedPolicyId, id));
  if (Number(n) + adding > ADDED_POLICY_FILES_MAX)
    throw new AppError('A0400', phrase('addedPolicy.tooManyFiles', { max: ADDED_POLICY_FILES_MAX, count: Number(n) }));
}

export async function uploadFiles(
  app: FastifyInstance,
  memberId: number,
  id: number,
  body: unknown,
): Promise<AddedPolicy> {
  // Ownership first: a stranger learns nothing from how their file would have been judged.
  if (!(await findAdded(app.db, memberId, id))) throw addedPolicyNotFound();
  const files = readFiles(body);
  await app.db.transaction((tx) => lockWithRoom(tx, memberId, id, files.length));

  const { storage } = app.providers;
  const stored = files.map((f) => ({ ...f, key: newStorageKey(`added-policies/${memberId}`, EXTENSIONS[f.mime]) }));
  await Promise.all(stored.map((f) => storage.put(f.key, f.bytes, f.mime)));
  try {
    await app.db.transaction(async (tx) => {
      await lockWithRoom(tx, memberId, id, stored.length);
      await tx
        .insert(addedPolicyFiles)
        .values(stored.map((f) => ({ addedPolicyId: id, storageKey: f.key, mime: f.mime, size: f.bytes.length })));
      await tx
        .update(addedPolicies)
        .set({ updatedAt: sql`now()` })
        .where(eq(addedPolicies.id, id));
    });
  } catch (error) {
    await Promise.all(stored.map((f) => storage.delete(f.key).catch(() => undefined)));
    throw error;
  }
  return presentAdded((await findAdded(app.db, memberId, id))!, beijingToday());
}

async function ownFile(app: FastifyInstance, memberId: number, id: number, fileId: number) {
  const record = await findAdded(app.db, memberId, id);
  const file = record?.files.find((f) => f.id === fileId);
  if (!record || !file) throw new AppError('A0404', 'claims.fileNotFound');
  return { record, file };
}

/** Sends one of the member's documents with its own type; never cached, never sniffed by the browser. */
export async function sendFile(
  app: FastifyInstance,
  reply: FastifyReply,
  memberId: number,
  id: number,
  fileId: number,
) {
  const { record, file } = await ownFile(app, memberId, id, fileId);
  const object = await app.providers.storage.get(file.storageKey);
  if (!object) throw new AppError('A0404', 'claims.fileNotFound');
  const name = `${record.policy.policyNo.replace(/[^\w.-]/g, '_')}-${file.id}${EXTENSIONS[file.mime]}`;
  return sendStoredFile(reply, file.mime, name, object.bytes);
}

export async function deleteFile(app: FastifyInstance, memberId: number, id: number, fileId: number) {
  const { file } = await ownFile(app, memberId, id, fileId);
  await app.db.delete(addedPolicyFiles).where(eq(addedPolicyFiles.id, file.id));
  await app.providers.storage.delete(file.storageKey);
  return presentAdded((await findAdded(app.db, memberId, id))!, beijingToday());
}
