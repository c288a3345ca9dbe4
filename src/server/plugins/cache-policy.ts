import fp from 'fastify-plugin';
import { API_PREFIX } from '#shared/constants.ts';
import { hasCredentials, isSharedCacheControl, PRIVATE_CACHE_CONTROL } from '../lib/shared-cache.ts';

/**
 * Who may keep an API answer (docs/decisions/proxy-caches-public-answers.md). A route whose answer
 * is the same for every visitor says so itself (lib/shared-cache.ts); every other answer under
 * /prod-api that names no policy gets `no-store`, and an answer to a request carrying a token or a
 * cookie never goes out as a shared one, whatever its route said: the proxy in front keeps only
 * what is public.
 */
export default fp(
  async (app) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!request.url.startsWith(API_PREFIX)) return done(null, payload);
      const policy = reply.getHeader('cache-control');
      if (policy === undefined) reply.header('cache-control', 'no-store');
      else if (hasCredentials(request) && isSharedCacheControl(String(policy)))
        reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      done(null, payload);
    });
  },
  { name: 'cache-policy' },
);
