/**
 * Option keys and their defaults (reference 3.11, spec section 3). Values are strings as stored in the
 * `options` table; booleans are 'true'/'false'. ModelRatio and CompletionRatio override billing's built-in tables.
 */
export const OPTION_DEFAULTS: Record<string, string> = {
  PasswordLoginEnabled: 'true',
  /** Administrators and root must enrol in two-factor sign-in (TOTP) before any other console call. */
  TwoFactorRequiredForAdmins: 'false',
  PasswordRegisterEnabled: 'true',
  RegisterEnabled: 'true',
  EmailVerificationEnabled: 'false',
  EmailDomainRestrictionEnabled: 'false',
  EmailDomainWhitelist: 'gmail.com,163.com,126.com,qq.com,outlook.com,hotmail.com,icloud.com,yahoo.com,foxmail.com',
  GitHubOAuthEnabled: 'false',
  GitHubClientId: '',
  GitHubClientSecret: '',
  /** GitHub Enterprise Server: https://<host> and https://<host>/api/v3. */
  GitHubBaseUrl: 'https://github.com',
  GitHubApiBaseUrl: 'https://api.github.com',
  LarkClientId: '',
  LarkClientSecret: '',
  /** Feishu; Lark international is https://open.larksuite.com. */
  LarkBaseUrl: 'https://open.feishu.cn',
  OidcEnabled: 'false',
  OidcClientId: '',
  OidcClientSecret: '',
  OidcWellKnown: '',
  OidcAuthorizationEndpoint: '',
  OidcTokenEndpoint: '',
  OidcUserinfoEndpoint: '',
  WeChatAuthEnabled: 'false',
  WeChatServerAddress: '',
  WeChatServerToken: '',
  WeChatAccountQRCodeImageURL: '',
  MessagePusherAddress: '',
  MessagePusherToken: '',
  TurnstileCheckEnabled: 'false',
  TurnstileSiteKey: '',
  TurnstileSecretKey: '',
  SMTPServer: '',
  SMTPPort: '587',
  SMTPAccount: '',
  SMTPFrom: '',
  SMTPToken: '',
  ServerAddress: '',
  Notice: '',
  Footer: '',
  About: '',
  SystemName: 'One API',
  Logo: '',
  HomePageContent: '',
  Theme: 'default',
  QuotaForNewUser: '0',
  QuotaForInviter: '0',
  QuotaForInvitee: '0',
  QuotaRemindThreshold: '1000',
  PreConsumedQuota: '500',
  QuotaPerUnit: '500000',
  GroupRatio: '{"default":1,"vip":1,"svip":1}',
  /** Default rate limits of each group's users (tightest of key, user and group applies); '{}' sets none. */
  GroupRateLimits: '{}',
  /** Default spending budgets of each group's users (a user's own budget replaces it); '{}' sets none. */
  GroupBudgets: '{}',
  /** The IANA time zone budget periods start in (a day at its midnight, a week on Monday, a month on the 1st). */
  BudgetTimeZone: 'UTC',
  /** The response cache (docs/response-cache.md): how long an answer is kept, in seconds. */
  ResponseCacheTtlSeconds: '3600',
  /** The largest answer cached, in bytes (a larger one is served and not kept). */
  ResponseCacheMaxBytes: '1048576',
  /** The database store's total size, in bytes: past it the oldest entries go (Redis bounds itself by maxmemory). */
  ResponseCacheMaxTotalBytes: '268435456',
  /** The share of the original answer's charge a hit is billed, 0 to 1. */
  ResponseCacheBilledFraction: '0',
  /** Groups whose users share one cache (comma-separated); every other user has a cache of their own. */
  ResponseCacheSharedGroups: '',
  /** Fallback chains across models per group (`*` for all): when a model's route is exhausted, the next model answers (docs/fallbacks.md); '{}' sets none. */
  ModelFallbacks: '{}',
  /** The operator's overrides of billing's built-in ratio tables: '{}' means none. */
  ModelRatio: '{}',
  CompletionRatio: '{}',
  /**
   * Tollgate's prices of the token kinds priced apart, per model and relative to an input token (like
   * CompletionRatio): cached input read, input written to the cache, reasoning output. '{}' leaves the
   * built-in tables (contract token-kind-ratios.ts); reasoning then costs the completion price.
   */
  CacheReadRatio: '{}',
  CacheWriteRatio: '{}',
  ReasoningRatio: '{}',
  /** Audio tokens (OpenAI's audio models), relative to an input token like the above: '{}' prices them as text. */
  AudioInputRatio: '{}',
  AudioOutputRatio: '{}',
  /**
   * Long-context prices: model -> [{above_prompt_tokens, input, output?, cache_read?, cache_write?, reasoning?}],
   * absolute ratios in ModelRatio's unit (contract price.ts). '{}' prices every prompt size the same.
   */
  ModelPriceTiers: '{}',
  /** Models billed per call (images, some video and audio models): model -> US dollars per request, in place of token prices. */
  ModelRequestPrice: '{}',
  /** The currency the console shows money in, and how many of it a US dollar buys (used when it is not USD). */
  DisplayCurrency: 'USD',
  CurrencyExchangeRate: '7.2',
  /** Ratio charged for models with no price; blank refuses them (one-api silently charged 30). */
  DefaultModelRatio: '',
  TopUpLink: '',
  ChatLink: '',
  AutomaticDisableChannelEnabled: 'false',
  AutomaticEnableChannelEnabled: 'false',
  ChannelDisableThreshold: '5',
  /**
   * Tollgate's circuit breaker for transient failures (5xx, 429, timeouts, connection errors): when at least
   * ChannelBreakerMinRequests attempts in the last ChannelBreakerWindow seconds failed at a rate of
   * ChannelBreakerErrorRate (0..1) or more, routing skips the channel for ChannelBreakerCooldown seconds, then
   * lets one probe through. A failed probe doubles the cooldown, up to ChannelBreakerMaxCooldown seconds.
   */
  ChannelBreakerEnabled: 'true',
  ChannelBreakerMinRequests: '20',
  ChannelBreakerErrorRate: '0.5',
  ChannelBreakerWindow: '60',
  ChannelBreakerCooldown: '30',
  ChannelBreakerMaxCooldown: '600',
  LogConsumeEnabled: 'true',
  DisplayInCurrencyEnabled: 'true',
  DisplayTokenStatEnabled: 'true',
  ApproximateTokenEnabled: 'false',
  RetryTimes: '0',
  /** Hours between scheduled refreshes of the price source's file (fetched, checked, applied on its own); 0: off. */
  PriceSourceRefreshHours: '0',
};

/**
 * Keys left out of the table on start: their rows exist only once an operator saves them, so that billing
 * can tell "never set" (use its built-in tables) from a saved value.
 */
export const UNSEEDED_OPTION_KEYS: ReadonlySet<string> = new Set(['ModelRatio', 'CompletionRatio', 'CacheReadRatio', 'CacheWriteRatio', 'ReasoningRatio']);
