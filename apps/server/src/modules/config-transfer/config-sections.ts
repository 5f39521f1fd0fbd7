import { isSecretOption } from '@tollgate/contract';

/**
 * Which section of a document an option belongs to. Decided by the key's name, so options added later
 * (new price tables included) land in a section without code: the group tables are the groups section, a
 * key ending in Ratio or Price(s/Tiers) is a price, every other known option is an option.
 */
export const GROUP_RATIO = 'GroupRatio';
export const GROUP_RATE_LIMITS = 'GroupRateLimits';

export type OptionSection = 'prices' | 'groups' | 'options';

export function optionSection(key: string): OptionSection {
  if (key === GROUP_RATIO || key === GROUP_RATE_LIMITS) return 'groups';
  return /(Ratio|Price|Prices|PriceTiers)$/.test(key) ? 'prices' : 'options';
}

/** Secrets travel only in an export made with keys; an import without them keeps the stored ones. */
export const isSecret = isSecretOption;

export const MASK = '••••••';

export const masked = (key: string, value: string): string => (isSecret(key) && value !== '' ? MASK : value);
