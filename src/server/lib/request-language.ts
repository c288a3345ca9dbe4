import type { FastifyReply, FastifyRequest } from 'fastify';
import { addVary } from './vary.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#shared/constants.ts';

/**
 * The reader's language from `Accept-Language` (the H5 sends its chosen language on every call):
 * the supported language with the highest weight, else Chinese. `pl`, `pl-PL` and `PL` are Polish;
 * `zh`, `zh-CN`, `zh-Hans` are Chinese; anything else is ignored.
 */
export function parseAcceptLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { language: supported(tag.trim().toLowerCase()), weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((r): r is { language: Language; weight: number; order: number } => r.language !== null && r.weight > 0);
  ranked.sort((a, b) => b.weight - a.weight || a.order - b.order);
  return ranked[0]?.language ?? DEFAULT_LANGUAGE;
}

function supported(tag: string): Language | null {
  const primary = tag.split('-')[0];
  if (primary === 'zh') return 'zh-cn';
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : null;
}

/** The caller's language; the answer says it depends on the header (shared caches key on it). */
export function requestLanguage(request: FastifyRequest, reply: FastifyReply): Language {
  addVary(reply, 'Accept-Language');
  return parseAcceptLanguage(request.headers['accept-language']);
}
