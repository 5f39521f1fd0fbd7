import { channelNativeProtocols, defaultNativeProtocols, NATIVE_PROTOCOLS, type NativeProtocol } from '@tollgate/contract';

/**
 * The client protocols a channel takes natively, as the form holds them: null follows the type's defaults
 * (so a new channel's choice moves with its type until the admin picks), a list is the admin's choice.
 */
export type NativeProtocolChoice = NativeProtocol[] | null;

/** The config key the server reads (a comma list, 'none' for no protocol, absent for the type's defaults). */
export const NATIVE_PROTOCOLS_KEY = 'native_protocols';

const inCatalogOrder = (protocols: readonly NativeProtocol[]): NativeProtocol[] => NATIVE_PROTOCOLS.filter((protocol) => protocols.includes(protocol));

/** A stored channel's choice: what its config declares, or null when it declares nothing (type defaults). */
export function storedNativeProtocols(config: object): NativeProtocolChoice {
  const fields = config as Readonly<Record<string, unknown>>;
  const declared = fields[NATIVE_PROTOCOLS_KEY];
  if (typeof declared !== 'string' || declared.trim() === '') return null;
  return inCatalogOrder(channelNativeProtocols(fields, []));
}

/** The protocols the checkboxes show ticked for a type. */
export const shownNativeProtocols = (choice: NativeProtocolChoice, type: number): NativeProtocol[] => inCatalogOrder(choice ?? defaultNativeProtocols(type));

/**
 * The value to store for a choice: undefined (leave the key out) when it equals the type's defaults, so
 * the channel follows the catalog if its defaults change; 'none' when every protocol was cleared, since an
 * absent or empty value would mean the defaults again.
 */
export function nativeProtocolsConfigValue(choice: NativeProtocolChoice, type: number): string | undefined {
  if (choice === null) return undefined;
  const chosen = inCatalogOrder(choice);
  const defaults = inCatalogOrder(defaultNativeProtocols(type));
  if (chosen.length === defaults.length && chosen.every((protocol, index) => protocol === defaults[index])) return undefined;
  return chosen.length === 0 ? 'none' : chosen.join(',');
}

/** The config to save: the choice written under its key, or the key removed. */
export function withNativeProtocols<T extends object>(config: T, choice: NativeProtocolChoice, type: number): T & { native_protocols?: string } {
  const { [NATIVE_PROTOCOLS_KEY]: _previous, ...rest } = config as T & { native_protocols?: string };
  const value = nativeProtocolsConfigValue(choice, type);
  return (value === undefined ? rest : { ...rest, [NATIVE_PROTOCOLS_KEY]: value }) as T & { native_protocols?: string };
}
