import type { RouteOptions } from 'fastify';

/**
 * The simulators speak WeChat's protocols, which WeChat documents: they stay out of the product's
 * OpenAPI document (docs/decisions/api-document.md).
 */
export function hideFromApiDocument(route: RouteOptions): void {
  route.schema = { ...route.schema, hide: true };
}
