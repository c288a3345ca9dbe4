import type { QuoteInput, QuoteResult } from '#shared/catalogue.ts';
import { ApiError, apiClient, unwrap } from '../../api/client.ts';

/**
 * The server's quote without a toast: the plan step asks on every change, and a refusal (an age
 * outside the product's range) is shown beside the price instead.
 */
export async function quoteQuietly(productId: number, input: QuoteInput): Promise<{ result: QuoteResult | null; problem: string | null }> {
  try {
    const result = await unwrap<QuoteResult>(apiClient.post(`app-api/v1/product/${productId}/quote`, { json: input, context: { silent: true } }));
    return { result, problem: null };
  } catch (error) {
    return { result: null, problem: error instanceof ApiError ? error.message : null };
  }
}
