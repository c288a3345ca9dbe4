import type { Config } from '../config.ts';

/**
 * Outside services the product talks to, behind interfaces so that development and tests use
 * protocol-faithful simulators and production the real endpoints.
 */
export interface Providers {}

/** `selfUrl` answers this server's own base URL once it listens (the simulators live there). */
export function createProviders(_config: Config, _selfUrl: () => string): Providers {
  return {};
}
