/*
 * The paths this server serves besides its API (whose paths are in #shared/api-paths.ts): the
 * WeChat simulators, which imitate WeChat's own fixed paths below their base, and the built H5.
 */

/** The WeChat simulator (development and tests only): OAuth pages and server APIs. */
export const WECHAT_SIMULATOR_BASE = '/wx-sim';

/** The WeChat Pay simulator beside it. */
export const PAY_SIMULATOR_BASE = `${WECHAT_SIMULATOR_BASE}/pay`;

/** Where the built H5's hashed files are served: vite's `build.assetsDir` (its default) under the site's root. */
export const H5_ASSETS_BASE = '/assets/';
