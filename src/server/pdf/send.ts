import type { FastifyReply } from 'fastify';

/** A PDF download: `filename*` carries the Chinese name; `filename` an ASCII one for old clients. */
export function sendPdf(reply: FastifyReply, name: string, asciiName: string, body: Buffer) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header(
      'Content-Disposition',
      `attachment; filename="${asciiName}.pdf"; filename*=UTF-8''${encodeURIComponent(`${name}.pdf`)}`,
    )
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(body);
}
