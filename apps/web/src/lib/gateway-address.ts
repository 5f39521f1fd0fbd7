/** The key as clients use it: the server sends it without the prefix. */
export const fullKey = (key: string): string => `sk-${key}`;

/** The server a client should call: the configured address (ServerAddress), else this page's origin; no trailing slash. */
export function serverAddressOf(configured: string | undefined, origin: string): string {
  return (configured || origin).replace(/\/+$/, '');
}
