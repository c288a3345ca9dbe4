import { maskMobile } from '#shared/identity.ts';
import type { Language } from '#shared/constants.ts';
import {
  PARTNER_RELATION_KEYS,
  PARTNER_STATUS_KEYS,
  type Partner,
  type PartnerEdit,
  type PartnerRelation,
} from '#shared/partners.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { renderText } from '../../lib/texts/render.ts';
import { revokeMemberTokens } from '../auth/refresh-tokens.ts';
import {
  findPartnerRows,
  lockMember,
  memberSince,
  saveRemark,
  updatePartnerMember,
  type PartnerRow,
  type Viewer,
} from './repository.ts';

/** The partners a viewer sees, and channel staff's edits of one. */

export const partnerNotFound = () => new AppError('A0404', 'partners.notFound');

/** A member without a nickname or user name is named by number, in the reader's language. */
const unnamed = (id: number, language: Language) => renderText(language, 'partners.unnamed', { id: String(id) });

const displayName = (m: { nickname: string; username: string | null; id: number }, language: Language) =>
  m.nickname.trim() || m.username || unnamed(m.id, language);

/** Names of codes (`statusText`, `relationText`) in the reader's language (docs/decisions/server-texts-by-key.md). */
function presentPartner(r: PartnerRow, viewer: Viewer, language: Language): Partner {
  const relation: PartnerRelation | null =
    viewer.kind === 'channel' ? null : r.m.recommenderId === viewer.memberId ? 'downline' : 'upline';
  // A partner learns nothing beyond their own relations: an upline's own recommender stays hidden.
  const upline = r.recommenderIsPartner && relation !== 'upline' ? r.m.recommenderId : null;
  return {
    id: r.m.id,
    name: displayName(r.m, language),
    mobile: r.m.mobile ? maskMobile(r.m.mobile) : null,
    status: r.m.status,
    statusText: renderText(language, PARTNER_STATUS_KEYS[r.m.status]),
    relation,
    relationText: relation ? renderText(language, PARTNER_RELATION_KEYS[relation]) : null,
    recommenderId: upline,
    recommenderName: upline ? r.recommenderName?.trim() || r.recommenderUsername || unnamed(upline, language) : null,
    // The recommendation is recorded when the member is created (first sign-in through the link).
    relatedSince: upline ? r.m.createdAt.toISOString() : null,
    remark: viewer.kind === 'channel' ? (r.remark ?? '') : null,
    orders: { total: Number(r.total ?? 0), unpaid: Number(r.unpaid ?? 0), paid: Number(r.paid ?? 0) },
    createdAt: r.m.createdAt.toISOString(),
  };
}

export async function listPartners(
  db: Db,
  viewer: Viewer,
  q: { keyword?: string; page: number; pageSize: number; id?: number },
  language: Language,
): Promise<{ list: Partner[]; total: number }> {
  const { rows, total } = await findPartnerRows(db, viewer, q);
  const list = rows.map((r) => presentPartner(r, viewer, language));
  // A partner's upline row: the relation began when I (the recommended one) came in.
  if (viewer.kind === 'partner' && list.some((p) => p.relation === 'upline')) {
    const since = await memberSince(db, viewer.memberId);
    for (const p of list) if (p.relation === 'upline') p.relatedSince = since?.toISOString() ?? null;
  }
  return { list, total };
}

/** One partner as the viewer's list shows it, or null when it is not in that list. */
export async function findPartner(db: Db, viewer: Viewer, id: number, language: Language): Promise<Partner | null> {
  const { list } = await listPartners(db, viewer, { page: 1, pageSize: 1, id }, language);
  return list[0] ?? null;
}

/**
 * Channel staff: name (the member's nickname), remark and status. The member row is locked for the
 * step; disabling also revokes the partner's refresh tokens (sign-in and refresh answer A0202).
 */
export async function editPartner(
  db: Db,
  changes: ChangeFeed,
  editorId: number,
  id: number,
  edit: PartnerEdit,
): Promise<void> {
  await db.transaction(async (tx) => {
    const m = await lockMember(tx, id);
    if (!m || !m.roles.includes('partner')) throw partnerNotFound();
    if (edit.status === 'disabled' && id === editorId) throw new AppError('A0400', 'partners.ownAccount');
    const now = new Date();
    if (edit.name !== undefined || edit.status !== undefined) await updatePartnerMember(tx, id, edit, now);
    if (edit.remark !== undefined) await saveRemark(tx, id, edit.remark, editorId, now);
    if (edit.status === 'disabled') await revokeMemberTokens(tx as unknown as Db, id);
  });
  // Name and status are part of the cached member row: drop it on every instance, after the commit.
  if (edit.name !== undefined || edit.status !== undefined) await changes.publish('roles', id);
}
