import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import { H5_ASSETS_BASE } from '../../lib/site-paths.ts';
import { projectRoot } from '../../lib/project-root.ts';

/** A file of the build's assets folder whose name carries vite's content hash (and its precompressed forms). */
const HASHED_ASSET = new RegExp(`${H5_ASSETS_BASE}.+-[\\w-]{8,}\\.\\w+(\\.(br|gz))?$`);

/**
 * Serves the built H5 from dist/web: brotli/gzip files precompressed at build time, a year of
 * immutable cache for hashed assets, and revalidation for index.html so a deploy shows at once.
 */
const webRoutes: FastifyPluginAsync = async (app) => {
  const root = join(projectRoot(), 'dist', 'web');
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn({ root }, 'built H5 not found; run `npm run build` to serve it');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    wildcard: false,
    index: ['index.html'],
    cacheControl: false,
    setHeaders(res, path) {
      res.header('Cache-Control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
};

export default webRoutes;
