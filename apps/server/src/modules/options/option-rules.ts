import {
  DEFAULT_MODEL_RATIO,
  OptionMessages,
  budgetTimeZoneProblem,
  groupBudgetsProblem,
  modelFallbacksProblem,
  groupRateLimitsProblem,
  message,
  modelPriceTiersProblem,
  ratioTableProblem,
  type CatalogMessage,
  type MessageCode,
  type MessageParams,
} from '@tollgate/contract';
import { OPTION_DEFAULTS } from '../../options/option-defaults.js';

export type OptionCheck = { ok: true; value: string } | { ok: false; message: CatalogMessage };

/** The saved value of another option, for the rules that enable a feature only when it is configured. */
export type CurrentOption = (key: string) => string;

/** Whether a model has a price before the operator's options (the price source's, or Tollgate's table's). */
export type BuiltInPriceCheck = (model: string) => boolean;
type Rule = (value: string, current: CurrentOption, hasBuiltInPrice: BuiltInPriceCheck) => OptionCheck;

const accept = (value: string): OptionCheck => ({ ok: true, value });
const refuse = (code: MessageCode, params?: MessageParams): OptionCheck => ({ ok: false, message: message(code, params) });

const wholeNumber = (key: string, min: number, max = Number.MAX_SAFE_INTEGER): Rule => (value) => {
  const text = value.trim();
  const parsed = Number(text);
  if (!/^-?\d+$/.test(text) || parsed < min || parsed > max) {
    return max === Number.MAX_SAFE_INTEGER ? refuse('option.whole_number_min', { key, min }) : refuse('option.whole_number_range', { key, min, max });
  }
  return accept(String(parsed));
};

const decimal = (key: string, isValid: (n: number) => boolean, expectation: MessageCode): Rule => (value) => {
  const text = value.trim();
  return text !== '' && Number.isFinite(Number(text)) && isValid(Number(text)) ? accept(String(Number(text))) : refuse('option.must_be', { key, expectation: message(expectation) });
};

/** Ratios are JSON objects from a model or group name to a non-negative number; the console parses them on load. */
const ratioTable = (key: string, invalidJson: MessageCode): Rule => (value) => {
  const problem = ratioTableProblem(key, value, invalidJson);
  return problem ? { ok: false, message: problem } : accept(value);
};

/** A tier's model must have a price to begin with (the operator's ModelRatio, or a built-in price): a typo is refused. */
const isPriced = (current: CurrentOption, hasBuiltInPrice: BuiltInPriceCheck) => {
  const live = parseTable(current('ModelRatio'));
  return (model: string) => {
    const name = model.replace(/\(\d+\)$/, '');
    return [model, name].some((key) => Object.hasOwn(live, key)) || hasBuiltInPrice(name);
  };
};

/** Without the price source at hand (a command line run), Tollgate's own table answers. */
const tableHasPrice: BuiltInPriceCheck = (model) => Object.hasOwn(DEFAULT_MODEL_RATIO, model);

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
  return /^https?:\/\/[^\s/]+/i.test(text) ? accept(text) : refuse('option.url_invalid', { key });
};

/** Turning a sign-in feature on needs its settings first, or nobody could use it. */
const enableNeeds = (setting: string, problem: MessageCode): Rule => (value, current) => (value === 'true' && !current(setting).trim() ? refuse(problem) : accept(value));

const RULES: Record<string, Rule> = {
  QuotaPerUnit: decimal('QuotaPerUnit', (n) => n > 0, 'option.expect.positive'),
  ChannelDisableThreshold: decimal('ChannelDisableThreshold', (n) => n >= 0, 'option.expect.non_negative'),
  // Blank is meaningful here: billing refuses models without a price.
  DefaultModelRatio: (value, current, hasBuiltInPrice) => (value.trim() === '' ? accept('') : decimal('DefaultModelRatio', (n) => n >= 0, 'option.expect.non_negative_or_blank')(value, current, hasBuiltInPrice)),
  RetryTimes: wholeNumber('RetryTimes', 0),
  // Up to a year: a refresh less often than that is the same as none.
  PriceSourceRefreshHours: wholeNumber('PriceSourceRefreshHours', 0, 8760),
  ChannelBreakerMinRequests: wholeNumber('ChannelBreakerMinRequests', 1),
  ChannelBreakerErrorRate: decimal('ChannelBreakerErrorRate', (n) => n > 0 && n <= 1, 'option.expect.share'),
  // Seconds; fractions are allowed (tests and very busy gateways use sub-second windows).
  ChannelBreakerWindow: decimal('ChannelBreakerWindow', (n) => n > 0 && n <= 86_400, 'option.expect.seconds'),
  ChannelBreakerCooldown: decimal('ChannelBreakerCooldown', (n) => n > 0 && n <= 86_400, 'option.expect.seconds'),
  ChannelBreakerMaxCooldown: decimal('ChannelBreakerMaxCooldown', (n) => n > 0 && n <= 86_400, 'option.expect.seconds'),
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
    return problem ? { ok: false, message: problem } : accept(value);
  },
  GroupBudgets: (value) => {
    const problem = groupBudgetsProblem(value);
    return problem ? { ok: false, message: problem } : accept(value);
  },
  ModelFallbacks: (value) => {
    const problem = modelFallbacksProblem(value);
    return problem ? { ok: false, message: problem } : accept(value);
  },
  BudgetTimeZone: (value) => {
    const problem = budgetTimeZoneProblem(value.trim());
    return problem ? { ok: false, message: problem } : accept(value.trim());
  },
  ResponseCacheTtlSeconds: wholeNumber('ResponseCacheTtlSeconds', 1, 30 * 86_400),
  ResponseCacheMaxBytes: wholeNumber('ResponseCacheMaxBytes', 1, 64 * 1024 * 1024),
  ResponseCacheMaxTotalBytes: wholeNumber('ResponseCacheMaxTotalBytes', 1),
  ResponseCacheBilledFraction: decimal('ResponseCacheBilledFraction', (n) => n >= 0 && n <= 1, 'option.expect.fraction'),
  // Group names, comma-separated: spaces and empty names are dropped.
  ResponseCacheSharedGroups: (value) => accept(value.split(',').map((name) => name.trim()).filter(Boolean).join(',')),
  CompletionRatio: ratioTable('CompletionRatio', OptionMessages.completionRatioInvalid),
  CacheReadRatio: ratioTable('CacheReadRatio', OptionMessages.cacheReadRatioInvalid),
  CacheWriteRatio: ratioTable('CacheWriteRatio', OptionMessages.cacheWriteRatioInvalid),
  ReasoningRatio: ratioTable('ReasoningRatio', OptionMessages.reasoningRatioInvalid),
  ModelPriceTiers: (value, current, hasBuiltInPrice) => {
    const problem = modelPriceTiersProblem(value, isPriced(current, hasBuiltInPrice));
    return problem ? { ok: false, message: problem } : accept(value);
  },
  AudioInputRatio: ratioTable('AudioInputRatio', 'option.audio_input_ratio_invalid'),
  AudioOutputRatio: ratioTable('AudioOutputRatio', 'option.audio_output_ratio_invalid'),
  ModelRequestPrice: ratioTable('ModelRequestPrice', 'option.model_request_price_invalid'),
  DisplayCurrency: (value) => (/^[A-Z]{3}$/.test(value.trim()) ? accept(value.trim()) : refuse('option.display_currency_invalid')),
  CurrencyExchangeRate: decimal('CurrencyExchangeRate', (n) => n > 0, 'option.expect.exchange_rate'),
  Theme: (value) => (['default', 'berry', 'air'].includes(value) ? accept(value) : refuse('option.theme_invalid')),
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
      ? refuse('option.email_whitelist_empty')
      : accept(domainList(value)),
  GitHubOAuthEnabled: enableNeeds('GitHubClientId', 'option.needs_github_client_id'),
  EmailDomainRestrictionEnabled: enableNeeds('EmailDomainWhitelist', 'option.needs_email_whitelist'),
  OidcEnabled: enableNeeds('OidcClientId', 'option.needs_oidc_client_id'),
  WeChatAuthEnabled: enableNeeds('WeChatServerAddress', 'option.needs_wechat_server'),
  TurnstileCheckEnabled: enableNeeds('TurnstileSiteKey', 'option.needs_turnstile_site_key'),
  TwoFactorRequiredForAdmins: (value) => (value === 'true' || value === 'false' ? accept(value) : refuse('option.boolean', { key: 'TwoFactorRequiredForAdmins' })),
};

/**
 * Validates and normalises one option before it is saved: nothing invalid is ever stored (one-api saved a
 * broken ratio table first and refused it afterwards).
 */
export function checkOption(key: string, value: string, current: CurrentOption, hasBuiltInPrice: BuiltInPriceCheck = tableHasPrice): OptionCheck {
  if (!Object.hasOwn(OPTION_DEFAULTS, key)) return refuse('option.unknown_key', { key });
  if (key.endsWith('Enabled') && value !== 'true' && value !== 'false') return refuse('option.boolean', { key });
  return RULES[key]?.(value, current, hasBuiltInPrice) ?? accept(value);
}
