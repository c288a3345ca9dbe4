import { z } from 'zod';

// A file is sent as a Buffer or stream, which Fastify never serialises: this schema only describes it.
const binary = z.string().meta({ format: 'binary' });

/** The success response of a route that sends a file, for `schema.response[200]` and the OpenAPI document. */
export function fileResponse(description: string, ...contentTypes: string[]) {
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema: binary }])) };
}

export const PDF = 'application/pdf';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
