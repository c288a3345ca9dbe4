import type { ClientConfig } from '#shared/client-config.ts';
import * as paths from '#shared/api-paths.ts';
import type { TokenPair } from '../session/types.ts';
import { apiClient, unwrap, type CallContext } from './client.ts';
import { basicAuthHeader } from './oauth-client.ts';
import { tokenCallBody, type SignInGrant } from './grant-fields.ts';
import { readTokenPair } from './token-pair.ts';
import { ApiError } from './api-error.ts';

export { grantFields, type SignInGrant } from './grant-fields.ts';

/** `POST /prod-api/auth/oauth2/token` as multipart form data with the client's Basic header. */
export async function requestToken(grant: SignInGrant, silent = false, early?: Promise<Response>): Promise<TokenPair> {
  const body = tokenCallBody(grant);
  const context: CallContext = { auth: false, bare: true, ...(silent ? { silent: true as const } : {}) };
  // The same call already sent by index.html's script (boot/early-start.ts): its answer, same checks.
  const answer = await apiClient
    .post(paths.auth.token(), {
      body,
      headers: { Authorization: basicAuthHeader() },
      context,
      ...(early ? { fetch: () => early } : {}),
    })
    .json();
  const pair = readTokenPair(answer);
  if (!pair) throw new ApiError('B0001', 'token answer without tokens');
  return pair;
}

/** `GET /prod-api/app-api/v1/open/client-config`: public WeChat settings, fetched once. */
let configPromise: Promise<ClientConfig> | null = null;
export function getClientConfig(): Promise<ClientConfig> {
  configPromise ??= unwrap<ClientConfig>(apiClient.get(paths.open.clientConfig(), { context: { silent: true } })).catch(
    (error: unknown) => {
      configPromise = null;
      throw error;
    },
  );
  return configPromise;
}
