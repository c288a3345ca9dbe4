import type { TokenPair } from '../session/types.ts';

/** The token call answers with a bare pair; an envelope around it is accepted too. */
export function readTokenPair(body: unknown): TokenPair | null {
  const candidate = (
    body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body
  ) as Partial<TokenPair> | null;
  if (!candidate?.access_token || !candidate.refresh_token) return null;
  return {
    token_type: candidate.token_type || 'Bearer',
    access_token: candidate.access_token,
    refresh_token: candidate.refresh_token,
  };
}
