import { z } from 'zod';
import type { MessageCode } from './messages/catalog.js';

/** GET /api/option/ data items: every value is a string; booleans are 'true' or 'false'. */
export interface OptionItem {
  key: string;
  value: string;
}

/** Codes of the option routes' messages (messages/option-messages.ts); an unknown key is `option.unknown_key`. */
export const OptionMessages = {
  modelRatioInvalid: 'option.model_ratio_invalid',
  groupRatioInvalid: 'option.group_ratio_invalid',
  completionRatioInvalid: 'option.completion_ratio_invalid',
  cacheReadRatioInvalid: 'option.cache_read_ratio_invalid',
  cacheWriteRatioInvalid: 'option.cache_write_ratio_invalid',
  reasoningRatioInvalid: 'option.reasoning_ratio_invalid',
  keyRequired: 'option.key_required',
  valueInvalid: 'option.value_invalid',
} as const satisfies Record<string, MessageCode>;

/** PUT /api/option/: the value may come as a string, number or boolean; it is stored as a string. */
export const UpdateOptionRequestSchema = z.object({
  key: z.string({ error: OptionMessages.keyRequired }).trim().min(1, OptionMessages.keyRequired),
  value: z.union([z.string(), z.number(), z.boolean()], { error: OptionMessages.valueInvalid }).transform((value) => String(value)),
});
export type UpdateOptionRequest = z.input<typeof UpdateOptionRequestSchema>;

const SECRET_OPTION_KEYS = new Set(['SMTPToken', 'TurnstileSecretKey', 'GitHubClientSecret', 'LarkClientSecret', 'OidcClientSecret', 'WeChatServerToken', 'MessagePusherToken']);

/**
 * Options never sent back to the browser (GET answers them as ''): every key ending in Token or Secret, as
 * one-api, plus TurnstileSecretKey, which one-api leaks because it ends in "Key".
 */
export const isSecretOption = (key: string): boolean => SECRET_OPTION_KEYS.has(key) || key.endsWith('Token') || key.endsWith('Secret');
