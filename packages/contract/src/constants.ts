/** Business constants of the console spec (section 9) shared by server and web. */

/** Page size of every list; one-api's ItemsPerPage. Lists return exactly this many rows except the last page. */
export const ITEMS_PER_PAGE = 10;
/** one-api's MaxRecentItems: the cap of search answers. */
export const MAX_RECENT_ITEMS = 100;

export const TOAST_DURATION_MS = {
  success: 1500,
  info: 3000,
  error: 5000,
  warning: 10000,
  /** Notices do not close by themselves. */
  notice: 20000,
} as const;
/** At this width or narrower toasts appear top-center instead of top-right. */
export const MOBILE_BREAKPOINT_PX = 600;

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const USERNAME_DISPLAY_MAX = 15;
export const USERNAME_MAX_LENGTH = 12;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
export const DISPLAY_NAME_MAX_LENGTH = 20;
export const EMAIL_MAX_LENGTH = 50;
export const TOKEN_NAME_MAX_LENGTH = 30;

export const WECHAT_CODE_VALID_MINUTES = 3;
export const RESEND_COUNTDOWN_SECONDS = 30;
export const OAUTH_RETRY_STEP_MS = 2000;
export const LAZY_CHUNK_TIMEOUT_MS = 120_000;

export const DEFAULT_TOKEN_QUOTA = 500000;
export const DEFAULT_REDEMPTION_QUOTA = 100000;
export const DEFAULT_REDEMPTION_COUNT = 1;
export const DEFAULT_CHANNEL_TYPE = 1;
export const DEFAULT_GROUP = 'default';
export const DEFAULT_SMTP_PORT = 587;
export const DEFAULT_LOGO = '/logo.png';
export const DEFAULT_SYSTEM_NAME = 'One API';
export const DEFAULT_ROOT_USERNAME = 'root';
export const DEFAULT_ROOT_PASSWORD = '123456';
export const NEVER_EXPIRES = -1;

export const RESPONSE_TIME_THRESHOLDS_MS = [1000, 3000, 5000] as const;

/** Badge colours of well-known group names. */
export const GROUP_COLORS: Record<string, string> = {
  vip: 'yellow',
  pro: 'yellow',
  svip: 'red',
  premium: 'red',
};

/** Local storage keys used by the console. */
export const STORAGE_KEYS = {
  user: 'user',
  status: 'status',
  systemName: 'system_name',
  logo: 'logo',
  footerHtml: 'footer_html',
  quotaPerUnit: 'quota_per_unit',
  displayInCurrency: 'display_in_currency',
  chatLink: 'chat_link',
  channelModels: 'channel_models',
  affiliate: 'aff',
  channelDetail: 'show_detail',
  promptPrefix: 'prompt-',
} as const;
