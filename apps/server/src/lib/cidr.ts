import { isIPv4, isIPv6 } from 'node:net';

export interface Cidr {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/**
 * Parses '10.0.0.0/8' or '2001:db8::/32' the way Go's net.ParseCIDR accepts them, so subnets stored by
 * one-api keep their meaning: the prefix length is required, host bits may be set, IPv6 zones are refused.
 * The family matches node:net's BlockList, which the relay can fill from these.
 */
export function parseCidr(text: string): Cidr | undefined {
  const match = /^([^/]+)\/(\d{1,3})$/.exec(text.trim());
  const address = match?.[1];
  const prefix = Number(match?.[2]);
  if (!address) return undefined;
  if (isIPv4(address)) return prefix <= 32 ? { address, prefix, family: 'ipv4' } : undefined;
  if (isIPv6(address) && !address.includes('%')) return prefix <= 128 ? { address, prefix, family: 'ipv6' } : undefined;
  return undefined;
}
