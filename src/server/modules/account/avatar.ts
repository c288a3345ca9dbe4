import type { FastifyInstance, FastifyReply } from 'fastify';
import * as paths from '#shared/api-paths.ts';
import { AVATAR_UPLOAD_MAX_BYTES, AVATAR_URL_PATTERN, type AvatarMime } from '#shared/session.ts';
import { AppError } from '../../lib/app-error.ts';
import { isStorageKey, newStorageKey, StorageServiceError } from '../../providers/storage/index.ts';
import { listWechatIdentities } from '../session/repository.ts';
import { updateProfile } from './repository.ts';
import { memberChanged, type MemberRow } from '../session/current-member.ts';

/**
 * Uploaded avatars: JPEG, PNG or WebP judged by the first bytes (never by name or browser type), at
 * most 2 MiB, stored under `avatars/<memberId>/<uuid>.<ext>` and served by `GET avatars/:memberId/:name`.
 * The member's `avatar` becomes that served address; the previous upload is removed.
 */

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffAvatar(bytes: Buffer): AvatarMime | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= PNG.length && bytes.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  // RIFF....WEBP
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

const EXTENSIONS: Record<AvatarMime, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/webp': '.webp' };
const MIME_OF_EXTENSION: Record<string, AvatarMime> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The one image of a multipart body (field `file`). */
export function readAvatarUpload(body: unknown): { bytes: Buffer; mime: AvatarMime } {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const raw = fields.file;
  if (Array.isArray(raw)) throw new AppError('A0400', 'account.avatarOne');
  if (!Buffer.isBuffer(raw)) throw new AppError('A0410', 'account.avatarMissing');
  // The upload limit lets one byte past 2 MiB through, so a bigger file is told apart from a full one.
  if (raw.length > AVATAR_UPLOAD_MAX_BYTES) throw new AppError('A0413', 'account.avatarTooLarge');
  if (raw.length === 0) throw new AppError('A0400', 'upload.empty');
  const mime = sniffAvatar(raw);
  if (!mime) throw new AppError('A0415', 'account.avatarType');
  return { bytes: raw, mime };
}

/** The storage key behind a served avatar address of this member, or null for anything else. */
export function uploadedAvatarKey(avatar: string, memberId: number): string | null {
  const match = AVATAR_URL_PATTERN.exec(avatar);
  if (!match || Number(match[1]) !== memberId) return null;
  const key = `avatars/${match[1]}/${match[2]}`;
  return isStorageKey(key) ? key : null;
}

function storageDown(error: unknown): never {
  if (error instanceof StorageServiceError) throw new AppError('C0001', 'storage.unavailable');
  throw error;
}

/** Removing the old file is tidying up: a failure is logged, never an error for the member. */
export async function removeUploadedAvatar(app: FastifyInstance, member: MemberRow): Promise<void> {
  const key = uploadedAvatarKey(member.avatar, member.id);
  if (!key) return;
  await app.providers.storage
    .delete(key)
    .catch((error: unknown) => app.log.warn({ err: error, key }, 'old avatar not removed'));
}

export async function uploadAvatar(app: FastifyInstance, member: MemberRow, body: unknown): Promise<MemberRow> {
  const { bytes, mime } = readAvatarUpload(body);
  const key = newStorageKey(`avatars/${member.id}`, EXTENSIONS[mime]);
  await app.providers.storage.put(key, bytes, mime).catch(storageDown);
  let updated: MemberRow;
  try {
    const avatar = paths.absolutePath(
      paths.members.avatarFile({ memberId: member.id, name: key.slice(key.lastIndexOf('/') + 1) }),
    );
    updated = await updateProfile(app.db, member.id, { avatar });
    await memberChanged(app.database, member.id);
  } catch (error) {
    await app.providers.storage.delete(key).catch(() => undefined);
    throw error;
  }
  await removeUploadedAvatar(app, member);
  return updated;
}

/**
 * Back to the avatar of the member's newest WeChat sign-in that has one, or to none (the H5 then
 * shows its default picture); the uploaded file is removed.
 */
export async function removeAvatar(app: FastifyInstance, member: MemberRow): Promise<MemberRow> {
  const identities = await listWechatIdentities(app.db, member.id);
  const wechat = identities.toReversed().find((row) => row.avatar)?.avatar ?? '';
  const updated = await updateProfile(app.db, member.id, { avatar: wechat });
  await memberChanged(app.database, member.id);
  await removeUploadedAvatar(app, member);
  return updated;
}

/**
 * Serves an uploaded avatar to anyone holding its address (the name is a random UUID): the stored
 * type, never sniffed, cached for a day by the browser (an address never changes its bytes; a new upload
 * gets a new one), never by a shared cache: a removed avatar must not outlive its removal there.
 */
export async function sendAvatar(app: FastifyInstance, reply: FastifyReply, memberId: number, name: string) {
  const key = `avatars/${memberId}/${name}`;
  const mime = MIME_OF_EXTENSION[name.split('.').pop() ?? ''];
  const object = mime && isStorageKey(key) ? await app.providers.storage.get(key).catch(storageDown) : null;
  if (!object || object.contentType !== mime) throw new AppError('A0404', 'account.avatarNotFound');
  return reply
    .header('Content-Type', mime)
    .header('Cache-Control', 'private, max-age=86400, immutable')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'")
    .send(object.bytes);
}
