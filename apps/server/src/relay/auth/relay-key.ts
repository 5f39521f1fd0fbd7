/**
 * The relay key as clients send it: `Authorization: Bearer sk-<key>` (the `sk-` is optional), optionally
 * followed by `-<channel id>` to pin a channel (admins only).
 */
export interface RelayKey {
  key: string;
  pinnedChannel?: string;
}

export function parseRelayKey(authorization: string | undefined): RelayKey | undefined {
  let value = (authorization ?? '').trim();
  if (value.toLowerCase().startsWith('bearer ')) value = value.slice(7).trim();
  if (value.startsWith('sk-')) value = value.slice(3);
  if (!value) return undefined;
  const dash = value.indexOf('-');
  if (dash === -1) return { key: value };
  return { key: value.slice(0, dash), pinnedChannel: value.slice(dash + 1) };
}
