import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { COMPANY_OPTIONS_MAX, type CompanyOption } from '#shared/company.ts';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema.ts';
import type { Language } from '#shared/constants.ts';
import { AppError } from '../../lib/app-error.ts';
import { renderText } from '../../lib/texts/render.ts';

/**
 * The company accounts (members holding the company role) a caller may act for: channel staff see
 * every one, a company only itself. Feeds the H5's company picker.
 */

const isCompany = sql<boolean>`'company' = any(${members.roles})`;
/** A company account's name as people see it: its nickname, else its username, else its number in the reader's language. */
export const companyName = (m: { id: number; nickname: string; username: string | null }, language: Language) =>
  m.nickname.trim() || m.username || renderText(language, 'company.unnamed', { id: String(m.id) });

export async function listCompanyOptions(
  db: Db,
  viewer: { channel: boolean; memberId: number },
  keyword: string | undefined,
  language: Language,
): Promise<CompanyOption[]> {
  const conds: (SQL | undefined)[] = [isCompany, viewer.channel ? undefined : eq(members.id, viewer.memberId)];
  if (keyword) {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(members.nickname, like), ilike(members.username, like)));
  }
  const rows = await db
    .select({ id: members.id, nickname: members.nickname, username: members.username })
    .from(members)
    .where(and(...conds))
    .orderBy(asc(members.id))
    .limit(COMPANY_OPTIONS_MAX);
  return rows.map((m) => ({ id: m.id, name: companyName(m, language) }));
}

/** A company id named by channel staff must be a company account; anything else answers 404. */
export async function assertCompany(db: Db, companyId: number): Promise<void> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, companyId), isCompany));
  if (!row) throw new AppError('A0404', 'company.notFound');
}
