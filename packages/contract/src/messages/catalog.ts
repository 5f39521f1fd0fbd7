import { authMessages, oauthMessages, userMessages } from './account-messages.js';
import { httpMessages, validationMessages } from './common-messages.js';
import { analyticsMessages } from './analytics-messages.js';
import { budgetMessages } from './budget-messages.js';
import { fallbackMessages } from './fallback-messages.js';
import { channelModelMessages } from './channel-model-messages.js';
import { configMessages } from './config-messages.js';
import { priceMessages } from './price-messages.js';
import { priceSourceMessages } from './price-source-messages.js';
import { fillPlaceholders, type MessageLanguage, type MessageParams, type MessageRef, type MessageTexts } from './message.js';
import { optionMessages, rateLimitMessages } from './option-messages.js';
import { twoFactorMessages } from './two-factor-messages.js';
import { passkeyMessages } from './passkey-messages.js';
import { channelMessages, logMessages, redemptionMessages, tokenMessages } from './resource-messages.js';

/** Every message the server can answer the console with, in English and Chinese. */
export const MESSAGE_CATALOG = {
  ...httpMessages,
  ...validationMessages,
  ...userMessages,
  ...authMessages,
  ...oauthMessages,
  ...tokenMessages,
  ...redemptionMessages,
  ...channelMessages,
  ...channelModelMessages,
  ...logMessages,
  ...optionMessages,
  ...rateLimitMessages,
  ...budgetMessages,
  ...fallbackMessages,
  ...configMessages,
  ...analyticsMessages,
  ...priceMessages,
  ...priceSourceMessages,
  ...twoFactorMessages,
  ...passkeyMessages,
} as const satisfies Record<string, MessageTexts>;

export type MessageCode = keyof typeof MESSAGE_CATALOG;

export type CatalogMessage = MessageRef<MessageCode>;

export const isMessageCode = (value: unknown): value is MessageCode => typeof value === 'string' && Object.hasOwn(MESSAGE_CATALOG, value);

/** A message of the catalog with its parameters, as the server's errors carry it. */
export const message = (code: MessageCode, params?: MessageParams): CatalogMessage => (params ? { code, params } : { code });

/**
 * The text of a message in a language. A parameter that is itself a message is rendered in the same
 * language; a code the catalog does not know is shown as it is (never thrown away).
 */
export function renderMessage(ref: MessageRef, language: MessageLanguage): string {
  const texts: MessageTexts | undefined = isMessageCode(ref.code) ? MESSAGE_CATALOG[ref.code] : undefined;
  if (!texts) return ref.code;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(ref.params ?? {})) values[name] = typeof value === 'object' ? renderMessage(value, language) : String(value);
  return fillPlaceholders(texts[language], values);
}
