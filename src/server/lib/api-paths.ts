import { API_PREFIX } from '#shared/constants.ts';

/**
 * The bases the product's routes live under. A module is registered with its base as the Fastify
 * prefix (see modules/index.ts), so its own route strings read as the path the H5 calls.
 */

/** The member API: everything the H5 calls except the token service. */
export const APP_API_V1 = `${API_PREFIX}/app-api/v1`;

/** The OAuth2 token service. */
export const AUTH_API = `${API_PREFIX}/auth`;

/** Development helpers (outboxes, backdating); never registered in production. */
export const DEV_API = `${API_PREFIX}/dev`;

/** The WeChat simulator (development and tests only): OAuth pages and server APIs. */
export const WECHAT_SIMULATOR_BASE = '/wx-sim';

/** The WeChat Pay simulator beside it. */
export const PAY_SIMULATOR_BASE = `${WECHAT_SIMULATOR_BASE}/pay`;

/** The API's reference page (Swagger UI, outside production): an HTML page under the API's base. */
export const API_REFERENCE_URL = `${API_PREFIX}/docs`;

/** Where the built H5's hashed files are served: vite's `build.assetsDir` (its default) under the site's root. */
export const H5_ASSETS_BASE = '/assets/';
