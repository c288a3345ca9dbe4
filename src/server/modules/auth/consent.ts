import { and, eq, or, sql } from 'drizzle-orm';
import { isCurrentAgreement, LEGAL_VERSIONS } from '#shared/consent.ts';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema.ts';

/** The columns a member gets when they agree to the current legal documents now. */
export function consentColumns(now = new Date()) {
  return { consentAt: now, termsVersion: LEGAL_VERSIONS.terms, privacyVersion: LEGAL_VERSIONS.privacy };
}

/**
 * Stores the consent a sign-in carried (docs/decisions.md#consent-at-sign-in): when `agreement`
 * names the current versions and the member had agreed to none or older ones. A sign-in of an
 * existing member without it is not refused: they agreed when the account was made.
 */
export async function recordConsent(db: Db, memberId: number, agreement: string | undefined): Promise<void> {
  if (!isCurrentAgreement(agreement)) return;
  await db.update(members).set(consentColumns()).where(and(
    eq(members.id, memberId),
    or(
      sql`${members.termsVersion} is distinct from ${LEGAL_VERSIONS.terms}`,
      sql`${members.privacyVersion} is distinct from ${LEGAL_VERSIONS.privacy}`,
    ),
  ));
}
