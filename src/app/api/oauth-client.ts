import * as paths from '#shared/api-paths.ts';
import { OAUTH_CLIENT_ID } from '#shared/constants.ts';

/**
 * The H5 is a public OAuth client (docs/decisions/oauth-client-and-grants.md): the Basic header only names the client; this
 * secret is published with every copy of the bundle and grants nothing on its own. It is the only
 * secret allowed in the H5.
 */
const OAUTH_CLIENT_SECRET = 'insure-h5-secret';

/** The token call's whole address, for the calls made without the ky client (refresh, index.html's script). */
export const TOKEN_URL = paths.absolutePath(paths.auth.token());

export function basicAuthHeader(): string {
  return `Basic ${btoa(`${OAUTH_CLIENT_ID}:${OAUTH_CLIENT_SECRET}`)}`;
}
