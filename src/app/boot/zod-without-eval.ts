/*
 * zod compiles object parsers with `new Function` unless told not to, and probes for it whenever a
 * schema is built: under the H5's Content-Security-Policy (no 'unsafe-eval') that probe is a
 * reported violation on every page whose code builds a schema. The H5 parses little, so it tells
 * zod not to compile. zod keeps its settings on `globalThis.__zod_globalConfig` and takes what is
 * there when it loads; setting it here keeps zod itself out of the first screen's code (the test
 * beside this file fails if zod stops reading it).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

// A module of its own (imported for its effect).
export {};
