import { BlockList, isIP } from 'node:net';

/**
 * Addresses a client-supplied image URL must not reach from the gateway's host: loopback, private
 * networks, link-local (cloud metadata endpoints live there), carrier-grade NAT and the unspecified
 * address. Without this, any key holder could make the gateway read its own internal network.
 */
const internal = new BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  internal.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(prefix, bits, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const mapped = family === 6 ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] : undefined;
  if (mapped) return !internal.check(mapped, 'ipv4');
  return !internal.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
