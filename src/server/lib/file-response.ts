import type { FastifyReply } from 'fastify';
import { z } from 'zod';

// A file is sent as a Buffer or stream, which Fastify never serialises: this schema only describes it.
const binary = z.string().meta({ format: 'binary' });

/** The success response of a route that sends a file, for `schema.response[200]` and the OpenAPI document. */
export function fileResponse(description: string, ...contentTypes: string[]) {
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema: binary }])) };
}

export const PDF = 'application/pdf';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends an uploaded file with the type it was stored as: shown inline, never cached, never sniffed by the browser. */
export function sendStoredFile(reply: FastifyReply, mime: string, filename: string, bytes: Buffer) {
  return reply
    .header('Content-Type', mime)
    .header('Content-Disposition', `inline; filename="${filename}"`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(bytes);
}
