/** Texts of the rate limit fields shared by the key form and the admin user form. */
const zh = {
  title: '速率限制',
  rpm: '每分钟请求数 (RPM)',
  tpm: '每分钟 Token 数 (TPM)',
  concurrency: '并发请求数',
  unlimitedHint: '0 表示不限制',
  usage: '当前：已用 {{used}} / {{limit}}',
  usageUnlimited: '当前：已用 {{used}}（不限制）',
  tightestNotice: '密钥、用户和分组默认值中最严格的限制生效；令牌数为输入加输出。',
};

const en: typeof zh = {
  title: 'Rate limits',
  rpm: 'Requests per minute (RPM)',
  tpm: 'Tokens per minute (TPM)',
  concurrency: 'Concurrent requests',
  unlimitedHint: '0 means unlimited',
  usage: 'Now: {{used}} used of {{limit}}',
  usageUnlimited: 'Now: {{used}} used (unlimited)',
  tightestNotice: 'The tightest of the key, the user and the group default applies; tokens are input plus output.',
};

export const rateLimitsI18n = { zh, en };
