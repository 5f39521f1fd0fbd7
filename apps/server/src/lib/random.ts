import { randomBytes, randomInt, randomUUID } from 'node:crypto';

const ALPHANUMERIC = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function randomAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

/** A dash-less UUID: 32 lowercase hex characters (one-api's access tokens and redemption codes). */
export const uuidHex = (): string => randomUUID().replaceAll('-', '');

export const randomHex = (bytes: number): string => randomBytes(bytes).toString('hex');

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
