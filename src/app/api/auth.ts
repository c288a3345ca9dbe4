import type { ClientConfig } from '#shared/client-config.ts';
import type { TokenPair } from '../session/types.ts';
import { apiClient, unwrap, type CallContext } from './client.ts';
import { basicAuthHeader, TOKEN_PATH } from './oauth-client.ts';
import { readTokenPair } from './refresh.ts';
import { ApiError } from './api-error.ts';

/**
 * The grants of spec §5 that sign a visitor in (refresh is handled by the client itself), plus the
 * SMS-code grant. `agreement` names the legal documents' versions ticked in the sign-in form
 * (docs/decisions.md#consent-at-sign-in).
 */
export type SignInGrant =
  | { grant_type: 'wx_web'; code: string; channel: string; recommendId?: string; agreement?: string }
  | { grant_type: 'wx_cgi'; code: string; agreement?: string }
  | { grant_type: 'member_password'; username: string; password: string; agreement?: string }
  | { grant_type: 'sms_code'; mobile: string; code: string; agreement: string };

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

/** `POST /prod-api/auth/oauth2/token` as multipart form data with the client's Basic header. */
export async function requestToken(grant: SignInGrant, silent = false): Promise<TokenPair> {
  const body = new FormData();
  for (const [key, value] of Object.entries(grantFields(grant))) body.set(key, value);
  const context: CallContext = { auth: false, bare: true, ...(silent ? { silent: true as const } : {}) };
  const answer = await apiClient.post(TOKEN_PATH, { body, headers: { Authorization: basicAuthHeader() }, context }).json();
  const pair = readTokenPair(answer);
  if (!pair) throw new ApiError('B0001', 'token answer without tokens');
  return pair;
}

/** `GET /prod-api/app-api/v1/open/client-config`: public WeChat settings, fetched once. */
let configPromise: Promise<ClientConfig> | null = null;
export function getClientConfig(): Promise<ClientConfig> {
  configPromise ??= unwrap<ClientConfig>(apiClient.get('app-api/v1/open/client-config', { context: { silent: true } })).catch((error: unknown) => {
    configPromise = null;
    throw error;
  });
  return configPromise;
}
