import type { RouteOptions } from 'fastify';
import { z } from 'zod';

/**
 * A request body the handler reads itself (the token call's form, file uploads): described in the
 * OpenAPI document as the operation's request body (plugins/openapi.ts), never validated by
 * Fastify, since the handler parses it (docs/decisions/api-document.md).
 */
export interface DocumentedBody {
  contentTypes: string[];
  schema: z.ZodType;
}

/** Route `config` that documents a body the handler parses itself. */
export function documentedBody(schema: z.ZodType, ...contentTypes: string[]): { documentedBody: DocumentedBody } {
  return { documentedBody: { contentTypes, schema } };
}

export function documentedBodyOf(route: Pick<RouteOptions, 'config'>): DocumentedBody | undefined {
  return (route.config as { documentedBody?: DocumentedBody } | undefined)?.documentedBody;
}

/** A file part of a multipart body, as OpenAPI describes one. */
export const binaryFile = (description: string) => z.string().meta({ format: 'binary', description });
