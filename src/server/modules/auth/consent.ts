import { and, eq, or, sql } from 'drizzle-orm';
import { isCurrentAgreement, LEGAL_VERSIONS } from '#shared/consent.ts';
import type { Database } from '../../db/client.ts';
import { members } from '../../db/schema.ts';

/** The columns a member gets when they agree to the current legal documents now. */
export function consentColumns(now = new Date()) {
  return { consentAt: now, termsVersion: LEGAL_VERSIONS.terms, privacyVersion: LEGAL_VERSIONS.privacy };
}

/**
 * Stores the consent a sign-in carried (docs/decisions/consent-at-sign-in.md): when `agreement`
 * names the current versions and the member had agreed to none or older ones. A sign-in of an
 * existing member without it is not refused: they agreed when the account was made.
 */
export async function recordConsent(
  database: Database,
  memberId: number,
  agreement: string | undefined,
): Promise<void> {
  if (!isCurrentAgreement(agreement)) return;
  const changed = await database.db
    .update(members)
    .set(consentColumns())
    .where(
      and(
        eq(members.id, memberId),
        or(
          sql`${members.termsVersion} is distinct from ${LEGAL_VERSIONS.terms}`,
          sql`${members.privacyVersion} is distinct from ${LEGAL_VERSIONS.privacy}`,
        ),
      ),
    )
    .returning({ id: members.id });
  // The member row is cached (docs/decisions/feed-cache.md): drop it on every instance.
  if (changed.length) await database.changes.publish('roles', memberId);
}
