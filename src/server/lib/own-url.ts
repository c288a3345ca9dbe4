import type { Server } from 'node:net';

/**
 * This server's base URL as a process on the same machine reaches it, once it listens: an
 * unspecified listen address (0.0.0.0, ::) becomes loopback. Null before it listens.
 */
export function listeningUrl(server: Pick<Server, 'address'>): string | null {
  const address = server.address();
  if (!address || typeof address !== 'object') return null;
  const host =
    address.family === 'IPv6'
      ? `[${address.address === '::' ? '::1' : address.address}]`
      : address.address === '0.0.0.0'
        ? '127.0.0.1'
        : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * The one answer to "where is this server": where it listens, else PUBLIC_URL, else loopback on
 * PORT (before it listens, e.g. a test using inject). No trailing slash.
 */
export function ownUrl(server: Pick<Server, 'address'>, config: { PUBLIC_URL?: string; PORT: number }): string {
  return (listeningUrl(server) ?? config.PUBLIC_URL ?? `http://127.0.0.1:${config.PORT}`).replace(/\/+$/, '');
}

/** The base of the links a person opens (the H5 in a notification): PUBLIC_URL first, else ownUrl. */
export function publicUrl(server: Pick<Server, 'address'>, config: { PUBLIC_URL?: string; PORT: number }): string {
  return config.PUBLIC_URL ? config.PUBLIC_URL.replace(/\/+$/, '') : ownUrl(server, config);
}
