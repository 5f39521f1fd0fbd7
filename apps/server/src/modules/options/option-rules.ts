import { DEFAULT_MODEL_RATIO, OptionMessages, groupRateLimitsProblem, modelPriceTiersProblem, ratioTableProblem } from '@tollgate/contract';
import { OPTION_DEFAULTS } from './option-defaults.js';

export type OptionCheck = { ok: true; value: string } | { ok: false; message: string };

/** The saved value of another option, for the rules that enable a feature only when it is configured. */
export type CurrentOption = (key: string) => string;

type Rule = (value: string, current: CurrentOption) => OptionCheck;

const accept = (value: string): OptionCheck => ({ ok: true, value });
const refuse = (message: string): OptionCheck => ({ ok: false, message });

const wholeNumber = (key: string, min: number, max = Number.MAX_SAFE_INTEGER): Rule => (value) => {
  const text = value.trim();
  const parsed = Number(text);
  if (!/^-?\d+$/.test(text) || parsed < min || parsed > max) {
    return refuse(max === Number.MAX_SAFE_INTEGER ? `${key} must be a whole number of ${min} or more` : `${key} must be a whole number from ${min} to ${max}`);
  }
  return accept(String(parsed));
};

const decimal = (key: string, isValid: (n: number) => boolean, expectation: string): Rule => (value) => {
  const text = value.trim();
  return text !== '' && Number.isFinite(Number(text)) && isValid(Number(text)) ? accept(String(Number(text))) : refuse(`${key} must be ${expectation}`);
};

/** Ratios are JSON objects from a model or group name to a non-negative number; the console parses them on load. */
const ratioTable = (key: string, message: string): Rule => (value) => {
  const problem = ratioTableProblem(key, value, message);
  return problem ? refuse(problem) : accept(value);
};

/** A tier's model must have a price to begin with (the operator's ModelRatio or the built-in table). */
const isPriced = (current: CurrentOption) => {
  const live = parseTable(current('ModelRatio'));
  return (model: string) => {
    const name = model.replace(/\(\d+\)$/, '');
    return [model, name].some((key) => Object.hasOwn(live, key) || Object.hasOwn(DEFAULT_MODEL_RATIO, key));
  };
};

function parseTable(value: string): object {
  try {
    const parsed: unknown = JSON.parse(value || '{}');
    return parsed !== null && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

/** The console joins the domains with commas; blanks and repeats mean nothing. */
const domainList = (value: string) => [...new Set(value.split(',').map((domain) => domain.trim()).filter(Boolean))].join(',');

/**
 * Provider endpoints: an http(s) URL without a trailing slash (paths are appended to it). The base URLs
 * fall back to the public service when blank; the OIDC endpoints may be blank (discovery fills them).
 */
const httpUrl = (key: string, blankAllowed = false): Rule => (value) => {
  const text = value.trim().replace(/\/+$/, '');
  if (text === '') return blankAllowed ? accept('') : accept(OPTION_DEFAULTS[key] ?? '');
  return /^https?:\/\/[^\s/]+/i.test(text) ? accept(text) : refuse(`${key} must be an http:// or https:// URL`);
};

/** Turning a sign-in feature on needs its settings first, or nobody could use it. */
const enableNeeds = (setting: string, message: string): Rule => (value, current) => (value === 'true' && !current(setting).trim() ? refuse(message) : accept(value));

const RULES: Record<string, Rule> = {
  QuotaPerUnit: decimal('QuotaPerUnit', (n) => n > 0, 'a number greater than 0'),
  ChannelDisableThreshold: decimal('ChannelDisableThreshold', (n) => n >= 0, 'a number of 0 or more'),
  // Blank is meaningful here: billing refuses models without a price.
  DefaultModelRatio: (value, current) => (value.trim() === '' ? accept('') : decimal('DefaultModelRatio', (n) => n >= 0, 'a number of 0 or more, or blank')(value, current)),
  RetryTimes: wholeNumber('RetryTimes', 0),
  ChannelBreakerMinRequests: wholeNumber('ChannelBreakerMinRequests', 1),
  ChannelBreakerErrorRate: decimal('ChannelBreakerErrorRate', (n) => n > 0 && n <= 1, 'a number greater than 0 and at most 1'),
  // Seconds; fractions are allowed (tests and very busy gateways use sub-second windows).
  ChannelBreakerWindow: decimal('ChannelBreakerWindow', (n) => n > 0 && n <= 86_400, 'a number of seconds greater than 0 and at most 86400'),
  ChannelBreakerCooldown: decimal('ChannelBreakerCooldown', (n) => n > 0 && n <= 86_400, 'a number of seconds greater than 0 and at most 86400'),
  ChannelBreakerMaxCooldown: decimal('ChannelBreakerMaxCooldown', (n) => n > 0 && n <= 86_400, 'a number of seconds greater than 0 and at most 86400'),
  SMTPPort: wholeNumber('SMTPPort', 1, 65535),
  QuotaForNewUser: wholeNumber('QuotaForNewUser', 0),
  QuotaForInviter: wholeNumber('QuotaForInviter', 0),
  QuotaForInvitee: wholeNumber('QuotaForInvitee', 0),
  QuotaRemindThreshold: wholeNumber('QuotaRemindThreshold', 0),
  PreConsumedQuota: wholeNumber('PreConsumedQuota', 0),
  ModelRatio: ratioTable('ModelRatio', OptionMessages.modelRatioInvalid),
  GroupRatio: ratioTable('GroupRatio', OptionMessages.groupRatioInvalid),
  GroupRateLimits: (value) => {
    const problem = groupRateLimitsProblem(value);
    return problem ? refuse(problem) : accept(value);
  },
  CompletionRatio: ratioTable('CompletionRatio', OptionMessages.completionRatioInvalid),
  CacheReadRatio: ratioTable('CacheReadRatio', OptionMessages.cacheReadRatioInvalid),
  CacheWriteRatio: ratioTable('CacheWriteRatio', OptionMessages.cacheWriteRatioInvalid),
  ReasoningRatio: ratioTable('ReasoningRatio', OptionMessages.reasoningRatioInvalid),
  ModelPriceTiers: (value, current) => {
    const problem = modelPriceTiersProblem(value, isPriced(current));
    return problem ? refuse(problem) : accept(value);
  },
  AudioInputRatio: ratioTable('AudioInputRatio', 'AudioInputRatio is not valid JSON; expected {"model":8} (relative to an input token)'),
  AudioOutputRatio: ratioTable('AudioOutputRatio', 'AudioOutputRatio is not valid JSON; expected {"model":16} (relative to an input token)'),
  ModelRequestPrice: ratioTable('ModelRequestPrice', 'ModelRequestPrice is not valid JSON; expected {"model":0.04} (US dollars per request)'),
  DisplayCurrency: (value) => (/^[A-Z]{3}$/.test(value.trim()) ? accept(value.trim()) : refuse('DisplayCurrency must be a three-letter currency code such as USD or CNY')),
  CurrencyExchangeRate: decimal('CurrencyExchangeRate', (n) => n > 0, 'a number greater than 0 (units of DisplayCurrency per US dollar)'),
  Theme: (value) => (['default', 'berry', 'air'].includes(value) ? accept(value) : refuse('Theme must be one of default, berry, air')),
  // Links are built as `${address}/path`; a trailing slash would double it.
  ServerAddress: (value) => accept(value.trim().replace(/\/+$/, '')),
  WeChatServerAddress: (value) => accept(value.trim().replace(/\/+$/, '')),
  MessagePusherAddress: (value) => accept(value.trim().replace(/\/+$/, '')),
  GitHubBaseUrl: httpUrl('GitHubBaseUrl'),
  GitHubApiBaseUrl: httpUrl('GitHubApiBaseUrl'),
  LarkBaseUrl: httpUrl('LarkBaseUrl'),
  OidcWellKnown: httpUrl('OidcWellKnown', true),
  OidcAuthorizationEndpoint: httpUrl('OidcAuthorizationEndpoint', true),
  OidcTokenEndpoint: httpUrl('OidcTokenEndpoint', true),
  OidcUserinfoEndpoint: httpUrl('OidcUserinfoEndpoint', true),
  EmailDomainWhitelist: (value, current) =>
    domainList(value) === '' && current('EmailDomainRestrictionEnabled') === 'true'
      ? refuse('the email domain whitelist must not be empty while email domain restriction is on')
      : accept(domainList(value)),
  GitHubOAuthEnabled: enableNeeds('GitHubClientId', 'set GitHubClientId before enabling GitHub OAuth'),
  EmailDomainRestrictionEnabled: enableNeeds('EmailDomainWhitelist', 'add at least one domain to EmailDomainWhitelist before enabling email domain restriction'),
  OidcEnabled: enableNeeds('OidcClientId', 'set OidcClientId before enabling OIDC'),
  WeChatAuthEnabled: enableNeeds('WeChatServerAddress', 'set WeChatServerAddress before enabling WeChat sign-in'),
  TurnstileCheckEnabled: enableNeeds('TurnstileSiteKey', 'set TurnstileSiteKey before enabling Turnstile'),
};

/**
 * Validates and normalises one option before it is saved: nothing invalid is ever stored (one-api saved a
 * broken ratio table first and refused it afterwards).
 */
export function checkOption(key: string, value: string, current: CurrentOption): OptionCheck {
  if (!Object.hasOwn(OPTION_DEFAULTS, key)) return refuse(OptionMessages.unknownKey(key));
  if (key.endsWith('Enabled') && value !== 'true' && value !== 'false') return refuse(`${key} must be 'true' or 'false'`);
  return RULES[key]?.(value, current) ?? accept(value);
}
