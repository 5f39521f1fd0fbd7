import { BlockList, isIP } from 'node:net';
import { parseCidr } from '../../lib/cidr.js';

/**
 * A token's subnet allowlist (comma-separated CIDRs, IPv4 and IPv6, as the token API validates them).
 * Empty means any address; an entry that does not parse allows nothing, so a bad list fails closed.
 */
export function subnetMatcher(subnet: string | null | undefined): ((ip: string) => boolean) | undefined {
  const entries = (subnet ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (entries.length === 0) return undefined;
  const list = new BlockList();
  for (const cidr of entries.map(parseCidr)) if (cidr) list.addSubnet(cidr.address, cidr.prefix, cidr.family);
  return (ip) => {
    // IPv4 clients on a dual-stack socket appear as ::ffff:a.b.c.d.
    const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  };
}
