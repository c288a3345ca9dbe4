import type { FastifyReply } from 'fastify';

/** Adds a request header to the answer's `Vary` once (shared caches key their copies on it). */
export function addVary(reply: FastifyReply, header: string): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    reply.header('Vary', header);
    return;
  }
  const listed = String(vary);
  if (listed.includes(header)) return; // as the callers spell it: no split on a hot read
  if (
    !listed
      .toLowerCase()
      .split(',')
      .some((name) => name.trim() === header.toLowerCase())
  )
    reply.header('Vary', `${listed}, ${header}`);
}
