import { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import { loggerOptions } from '../app.ts';

/** One line of the app's JSON log, as far as the tests read it. */
export interface LogLine {
  msg: string;
  level?: number;
  reqId?: string;
  req?: { url: string };
  res?: { statusCode: number };
}

/**
 * The app's logger at `info` (its production options) writing into `lines`: a test reads what the
 * app logged of a request (its access log, its request id in every line).
 */
export function collectedLog(): { lines: LogLine[]; logger: FastifyServerOptions['logger'] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { lines, logger: { ...(loggerOptions('info') as object), stream } };
}
