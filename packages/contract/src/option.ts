import { z } from 'zod';

/** GET /api/option/ data items: every value is a string; booleans are 'true' or 'false'. */
export interface OptionItem {
  key: string;
  value: string;
}

export const OptionMessages = {
  modelRatioInvalid: 'model ratio is not a valid JSON string',
  groupRatioInvalid: 'group ratio is not a valid JSON string',
  completionRatioInvalid: 'completion ratio is not a valid JSON string',
  cacheReadRatioInvalid: 'cache read ratio is not a valid JSON string',
  cacheWriteRatioInvalid: 'cache write ratio is not a valid JSON string',
  reasoningRatioInvalid: 'reasoning ratio is not a valid JSON string',
  keyRequired: 'the option key is required',
  valueInvalid: 'the option value must be a string, a number or a boolean',
  unknownKey: (key: string) => `unknown option key: ${key}`,
} as const;

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
