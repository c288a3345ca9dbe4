/**
 * Consent to the user agreement (《用户服务协议》) and the privacy policy (《隐私政策》) at sign-in
 * (docs/decisions/consent-at-sign-in.md). The H5 shows both documents and a checkbox that must be
 * ticked before any sign-in or SMS code request; the token call then carries `agreement`, which
 * names the versions the user agreed to. A member is created only with the current versions, and
 * the consent time and versions are stored with the member.
 */

export const LEGAL_DOCUMENTS = ['terms', 'privacy'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

/** The versions in force; a new text gets a new version (and every member is asked again). */
export const LEGAL_VERSIONS: Record<LegalDocument, string> = {
  terms: '2026-11-25',
  privacy: '2026-11-25',
};

/** The token call's `agreement` field for the current versions: `terms:2026-11-25,privacy:2026-11-25`. */
export function currentAgreement(): string {
  return LEGAL_DOCUMENTS.map((doc) => `${doc}:${LEGAL_VERSIONS[doc]}`).join(',');
}

/** Whether an `agreement` field names exactly the versions in force. */
export function isCurrentAgreement(value: string | undefined): boolean {
  return value?.trim() === currentAgreement();
}
