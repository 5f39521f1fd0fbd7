import { RATE_LIMIT_MAX } from '../rate-limit.js';
import type { MessageTexts } from './message.js';

/** Options saved in the settings tabs; `{key}` is the option's name. */
export const optionMessages = {
  'option.model_ratio_invalid': { en: 'model ratio is not a valid JSON string', zh: '模型倍率不是合法的 JSON 字符串' },
  'option.group_ratio_invalid': { en: 'group ratio is not a valid JSON string', zh: '分组倍率不是合法的 JSON 字符串' },
  'option.completion_ratio_invalid': { en: 'completion ratio is not a valid JSON string', zh: '补全倍率不是合法的 JSON 字符串' },
  'option.cache_read_ratio_invalid': { en: 'cache read ratio is not a valid JSON string', zh: '缓存读取倍率不是合法的 JSON 字符串' },
  'option.cache_write_ratio_invalid': { en: 'cache write ratio is not a valid JSON string', zh: '缓存写入倍率不是合法的 JSON 字符串' },
  'option.reasoning_ratio_invalid': { en: 'reasoning ratio is not a valid JSON string', zh: '推理倍率不是合法的 JSON 字符串' },
  'option.key_required': { en: 'the option key is required', zh: '缺少选项名' },
  'option.value_invalid': { en: 'the option value must be a string, a number or a boolean', zh: '选项值必须是字符串、数字或布尔值' },
  'option.unknown_key': { en: 'unknown option key: {key}', zh: '未知的选项：{key}' },
  'option.boolean': { en: "{key} must be 'true' or 'false'", zh: "{key} 必须是 'true' 或 'false'" },
  'option.whole_number_min': { en: '{key} must be a whole number of {min} or more', zh: '{key} 必须是不小于 {min} 的整数' },
  'option.whole_number_range': { en: '{key} must be a whole number from {min} to {max}', zh: '{key} 必须是 {min} 到 {max} 之间的整数' },
  'option.must_be': { en: '{key} must be {expectation}', zh: '{key} 必须是{expectation}' },
  'option.expect.positive': { en: 'a number greater than 0', zh: '大于 0 的数' },
  'option.expect.non_negative': { en: 'a number of 0 or more', zh: '不小于 0 的数' },
  'option.expect.non_negative_or_blank': { en: 'a number of 0 or more, or blank', zh: '不小于 0 的数，或留空' },
  'option.expect.share': { en: 'a number greater than 0 and at most 1', zh: '大于 0 且不超过 1 的数' },
  'option.expect.fraction': { en: 'a number from 0 to 1', zh: '0 到 1 之间的数' },
  'option.expect.seconds': { en: 'a number of seconds greater than 0 and at most 86400', zh: '大于 0 且不超过 86400 的秒数' },
  'option.theme_invalid': { en: 'Theme must be one of default, berry, air', zh: '主题（Theme）必须是 default、berry、air 之一' },
  'option.url_invalid': { en: '{key} must be an http:// or https:// URL', zh: '{key} 必须是 http:// 或 https:// 开头的 URL' },
  'option.email_whitelist_empty': {
    en: 'the email domain whitelist must not be empty while email domain restriction is on',
    zh: '开启邮箱域名限制时，邮箱域名白名单不能为空',
  },
  'option.needs_github_client_id': { en: 'set GitHubClientId before enabling GitHub OAuth', zh: '请先设置 GitHubClientId，再开启 GitHub OAuth' },
  'option.needs_email_whitelist': {
    en: 'add at least one domain to EmailDomainWhitelist before enabling email domain restriction',
    zh: '请先在 EmailDomainWhitelist 中添加至少一个域名，再开启邮箱域名限制',
  },
  'option.needs_oidc_client_id': { en: 'set OidcClientId before enabling OIDC', zh: '请先设置 OidcClientId，再开启 OIDC' },
  'option.needs_wechat_server': { en: 'set WeChatServerAddress before enabling WeChat sign-in', zh: '请先设置 WeChatServerAddress，再开启微信登录' },
  'option.needs_turnstile_site_key': { en: 'set TurnstileSiteKey before enabling Turnstile', zh: '请先设置 TurnstileSiteKey，再开启 Turnstile' },
} as const satisfies Record<string, MessageTexts>;

/** Rate limits of keys, users and groups; `{field}` names the limit. */
export const rateLimitMessages = {
  'rate_limit.invalid': {
    en: `{field} must be a whole number from 0 (no limit) to ${RATE_LIMIT_MAX}`,
    zh: `{field} 必须是 0（不限制）到 ${RATE_LIMIT_MAX} 之间的整数`,
  },
  'rate_limit.group_not_json': {
    en: 'GroupRateLimits is not valid JSON; expected {"group":{"rpm":600,"tpm":2000000,"concurrency":20}}',
    zh: 'GroupRateLimits 不是合法的 JSON；应为 {"group":{"rpm":600,"tpm":2000000,"concurrency":20}}',
  },
  'rate_limit.group_not_object': {
    en: 'GroupRateLimits must be a JSON object from group name to its limits',
    zh: 'GroupRateLimits 必须是从分组名到其限制的 JSON 对象',
  },
  'rate_limit.group_entry_not_object': {
    en: 'GroupRateLimits.{group} must be an object such as {"rpm":600,"tpm":2000000,"concurrency":20}',
    zh: 'GroupRateLimits.{group} 必须是对象，如 {"rpm":600,"tpm":2000000,"concurrency":20}',
  },
  'rate_limit.group_unknown_limit': {
    en: 'GroupRateLimits.{group}.{name} is not a limit: use rpm, tpm or concurrency',
    zh: 'GroupRateLimits.{group}.{name} 不是可设置的限制：请使用 rpm、tpm 或 concurrency',
  },
} as const satisfies Record<string, MessageTexts>;
