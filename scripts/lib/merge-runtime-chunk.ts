import type { Plugin, Rolldown } from 'vite';

// Vite's bundler, through Vite's own types (rolldown is its dependency, not ours).
type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/*
 * Rolldown (1.2/1.3) keeps its CommonJS interop helpers (`__commonJS`, `__toESM`, …) in a chunk of
 * their own, `rolldown-runtime-*.js` (0.4 KB), whenever chunks that do not share a static importer
 * use them (here: React in the vendor chunk and lazily loaded CommonJS libraries such as the
 * JS-SDK). A code-splitting group cannot capture that module, so every first screen paid a request
 * for 0.4 KB (docs/decisions/chunk-groups-and-size-budget.md: no first-screen file under 2 KB). This plugin folds it away after chunking:
 * - into the vendor chunk, which every first screen loads first anyway, exporting the helpers
 *   under names of their own;
 * - chunks that reach the vendor chunk through their static imports take the helpers from it;
 * - chunks that do not (a CommonJS library loaded on its own) get their own copy of the helpers,
 *   so that they still load without the vendor chunk.
 * File names stay valid content hashes: a chunk's name already covers the runtime's name (it
 * imported it), and a chunk that now imports the vendor chunk reached it before, so its name
 * covers the vendor chunk's too.
 */

const RUNTIME_NAME = 'rolldown-runtime';
/** Exported names the helpers get in the vendor chunk (not minified names of its own exports). */
const EXPORT_PREFIX = '__rolldown_';

interface Specifier {
  imported: string;
  local: string;
}

/** `{t as e, i}` → [{ imported: 't', local: 'e' }, { imported: 'i', local: 'i' }] */
function parseSpecifiers(list: string): Specifier[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [imported, local] = part.split(/\s+as\s+/);
      return { imported: imported.trim(), local: (local ?? imported).trim() };
    });
}

function importPattern(fileName: string): RegExp {
  const base = fileName
    .split('/')
    .pop()!
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']\\./${base}["'];?`, 'g');
}

/** The runtime's code as an expression giving its exports: `(()=>{…;return{t:o,…}})()`. */
function runtimeExpression(runtime: OutputChunk): string {
  const exported = /export\s*\{([^}]*)\};?\s*$/.exec(runtime.code);
  if (!exported) throw new Error(`merge-runtime-chunk: ${runtime.fileName} ends without an export list`);
  const body = runtime.code.slice(0, exported.index);
  if (/^\s*import[\s{*]/m.test(body)) throw new Error(`merge-runtime-chunk: ${runtime.fileName} imports something`);
  // In the export list `local as exported`: parseSpecifiers reads it as imported=local.
  const pairs = parseSpecifiers(exported[1]).map(({ imported: local, local: name }) => `${name}:${local}`);
  return `(()=>{${body};return{${pairs.join(',')}}})()`;
}

/** Whether `from` reaches `target` through static imports. */
function reaches(bundle: OutputBundle, from: OutputChunk, target: string, seen = new Set<string>()): boolean {
  if (from.fileName === target) return true;
  seen.add(from.fileName);
  return from.imports.some((name) => {
    const next = bundle[name];
    return !seen.has(name) && next?.type === 'chunk' && reaches(bundle, next, target, seen);
  });
}

/**
 * Folds the runtime chunk into the chunk named `hostName` (see above); changes `bundle` in place.
 * Returns the runtime's file name, or null when the bundle had none.
 */
export function mergeRuntimeChunk(bundle: OutputBundle, hostName: string): string | null {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const runtime = chunks.find((c) => c.name === RUNTIME_NAME);
  if (!runtime) return null;
  const host = chunks.find((c) => c.name === hostName);
  if (!host) throw new Error(`merge-runtime-chunk: no chunk named ${hostName}`);
  const helpers = runtimeExpression(runtime);
  const pattern = importPattern(runtime.fileName);
  const hostSpecifier = `./${host.fileName.split('/').pop()}`;
  const local = (name: string) => `${EXPORT_PREFIX}local_${name}`;
  for (const chunk of chunks) {
    if (chunk === runtime || !chunk.imports.includes(runtime.fileName)) continue;
    const viaHost = chunk !== host && reaches(bundle, chunk, host.fileName);
    chunk.code = chunk.code.replace(pattern, (_statement, list: string) => {
      const specifiers = parseSpecifiers(list);
      if (chunk === host) return specifiers.map((s) => `const ${s.local}=${local(s.imported)};`).join('');
      if (viaHost)
        return `import{${specifiers.map((s) => `${EXPORT_PREFIX}${s.imported} as ${s.local}`).join(',')}}from"${hostSpecifier}";`;
      return `const{${specifiers.map((s) => `${s.imported}:${s.local}`).join(',')}}=${helpers};`;
    });
    chunk.imports = chunk.imports.filter((name) => name !== runtime.fileName);
    if (viaHost && !chunk.imports.includes(host.fileName)) chunk.imports.unshift(host.fileName);
  }
  // The host runs the helpers once and exports them, for the chunks above and any loaded later
  // (on its first line: a source map of the host keeps its lines).
  const names = [...runtime.exports];
  host.code = `const{${names.map((name) => `${name}:${local(name)}`).join(',')}}=${helpers};${host.code}\nexport{${names.map((name) => `${local(name)} as ${EXPORT_PREFIX}${name}`).join(',')}};\n`;
  host.exports = [...host.exports, ...names.map((name) => `${EXPORT_PREFIX}${name}`)];
  // Lists of files to preload with a lazy chunk (Vite's `__vite__mapDeps`) name the host instead.
  const runtimePath = runtime.fileName;
  for (const chunk of chunks)
    if (chunk.code.includes(runtimePath)) chunk.code = chunk.code.replaceAll(runtimePath, host.fileName);
  delete bundle[runtime.fileName];
  return runtime.fileName;
}

/** The plugin: runs before Vite writes index.html, its preload lists and the manifest. */
export function mergeRuntimeChunkPlugin(hostName: string): Plugin {
  let runtimeFile: string | null = null;
  return {
    name: 'insure-merge-runtime-chunk',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        runtimeFile = mergeRuntimeChunk(bundle as OutputBundle, hostName);
      },
    },
    writeBundle(_options, bundle) {
      if (!runtimeFile) return;
      const base = runtimeFile.split('/').pop()!;
      for (const file of Object.values(bundle)) {
        const text =
          file.type === 'chunk'
            ? file.code
            : typeof file.source === 'string'
              ? file.source
              : Buffer.from(file.source).toString('utf8');
        if (text.includes(base)) throw new Error(`merge-runtime-chunk: ${file.fileName} still names ${base}`);
      }
    },
  };
}
