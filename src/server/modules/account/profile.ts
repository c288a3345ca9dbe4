import type { FastifyInstance } from 'fastify';
import { AVATAR_KEY_PATTERN, type ProfileUpdate } from '#shared/session.ts';
import { AppError } from '../../lib/app-error.ts';
import { StorageServiceError } from '../../providers/storage/index.ts';
import { removeUploadedAvatar } from './avatar.ts';
import { updateProfile } from './repository.ts';
import { memberChanged, type MemberRow } from '../session/current-member.ts';

/**
 * An avatar key must name an image this member uploaded: keys under someone else's folder are
 * refused, so an avatar can never point at another person's files.
 */
async function checkAvatarKey(app: FastifyInstance, memberId: number, key: string): Promise<void> {
  if (Number(AVATAR_KEY_PATTERN.exec(key)?.[1]) !== memberId) throw new AppError('A0400', 'account.avatarNotOwn');
  let file;
  try {
    file = await app.providers.storage.get(key);
  } catch (error) {
    if (error instanceof StorageServiceError) throw new AppError('C0001', 'storage.unavailable');
    throw error;
  }
  if (!file) throw new AppError('A0400', 'account.avatarGone');
  if (!file.contentType.startsWith('image/')) throw new AppError('A0400', 'account.avatarNotImage');
}

export async function changeProfile(app: FastifyInstance, member: MemberRow, input: ProfileUpdate): Promise<MemberRow> {
  const { nickname, avatar, elderMode } = input;
  if (avatar && AVATAR_KEY_PATTERN.test(avatar)) await checkAvatarKey(app, member.id, avatar);
  const updated = await updateProfile(app.db, member.id, {
    ...(nickname !== undefined && { nickname }),
    ...(avatar !== undefined && { avatar }),
    ...(elderMode !== undefined && { elderMode }),
  });
  await memberChanged(app.database, member.id);
  // An uploaded avatar replaced by an address (or removed) here is not left behind in storage.
  if (updated.avatar !== member.avatar) await removeUploadedAvatar(app, member);
  return updated;
}
