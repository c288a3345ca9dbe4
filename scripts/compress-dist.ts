/**
 * Precompresses the built H5 (brotli at maximum quality and gzip level 9) so the server sends
 * compressed files without spending CPU per request (@fastify/static `preCompressed`).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = join(process.cwd(), 'dist', 'web');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest|ttf|ico)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

let files = 0;
for (const path of walk(root)) {
  if (!COMPRESSIBLE.test(path)) continue;
  const raw = readFileSync(path);
  if (raw.length < 512) continue;
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }),
  );
  writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
  files += 1;
}
console.log(`precompressed ${files} files in dist/web`);
