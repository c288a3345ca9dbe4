/** The grants of spec §5 and the token call's form. No client here: index.html's script uses it too. */

/**
 * The grants of spec §5 that sign a visitor in (refresh is handled by the client itself), plus the
 * SMS-code grant. `agreement` names the legal documents' versions ticked in the sign-in form
 * (docs/decisions/consent-at-sign-in.md).
 */
export type SignInGrant =
  | { grant_type: 'wx_web'; code: string; channel: string; recommendId?: string; agreement?: string }
  // The consent step's sign-in: the ticket of the A0140 answer instead of a second WeChat code
  // (docs/decisions/wechat-consent-ticket.md).
  | { grant_type: 'wx_web'; consent_ticket: string; channel: string; recommendId?: string; agreement: string }
  | { grant_type: 'wx_cgi'; code: string; recommendId?: string; agreement?: string }
  | { grant_type: 'member_password'; username: string; password: string; agreement?: string }
  | {
      grant_type: 'sms_code';
      mobile: string;
      code: string;
      agreement: string;
      channel?: string;
      recommendId?: string;
    };

/** `recommendId` is left out when it is -1 or absent (spec §5). */
export function grantFields(grant: SignInGrant): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(grant)) {
    if (value === undefined || value === '') continue;
    if (key === 'recommendId' && String(value) === '-1') continue;
    fields[key] = String(value);
  }
  return fields;
}

/** The token call's multipart body for a grant. */
export function tokenCallBody(grant: SignInGrant): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(grantFields(grant))) body.set(key, value);
  return body;
}
