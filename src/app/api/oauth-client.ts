import { API_PREFIX, OAUTH_CLIENT_ID } from '#shared/constants.ts';

/**
 * The H5 is a public OAuth client (docs/decisions.md#roles-and-sign-in): the Basic header only names the client; this
 * secret is published with every copy of the bundle and grants nothing on its own. It is the only
 * secret allowed in the H5.
 */
const OAUTH_CLIENT_SECRET = 'insure-h5-secret';

export const TOKEN_PATH = 'auth/oauth2/token';
export const TOKEN_URL = `${API_PREFIX}/${TOKEN_PATH}`;
export const VERSION_PATH = 'version';

export function basicAuthHeader(): string {
  return `Basic ${btoa(`${OAUTH_CLIENT_ID}:${OAUTH_CLIENT_SECRET}`)}`;
}
