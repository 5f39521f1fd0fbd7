import { TOKEN_NAME_MAX_LENGTH } from '../constants.js';
import { REDEMPTION_MAX_COUNT as REDEMPTION_COUNT_MAX, REDEMPTION_NAME_MAX_LENGTH as REDEMPTION_NAME_MAX } from '../redemption.js';
import type { MessageTexts } from './message.js';

export const tokenMessages = {
  'token.id_invalid': { en: 'invalid token id', zh: '令牌 ID 无效' },
  'token.name_required': { en: 'the token name must not be empty', zh: '令牌名称不能为空' },
  'token.name_too_long': {
    en: `the token name must not be longer than ${TOKEN_NAME_MAX_LENGTH} characters`,
    zh: `令牌名称长度不得超过 ${TOKEN_NAME_MAX_LENGTH} 个字符`,
  },
  'token.expired_time_invalid': {
    en: 'expired_time must be a unix time in seconds, or -1 for never',
    zh: '过期时间（expired_time）必须是以秒计的 Unix 时间，或 -1 表示永不过期',
  },
  'token.remain_quota_invalid': { en: 'remain_quota must be a whole number of 0 or more', zh: '剩余额度（remain_quota）必须是不小于 0 的整数' },
  'token.unlimited_quota_invalid': { en: 'unlimited_quota must be true or false', zh: '无限额度（unlimited_quota）必须是 true 或 false' },
  'token.response_cache_invalid': { en: 'response_cache must be true or false', zh: '响应缓存（response_cache）必须是 true 或 false' },
  'token.status_invalid': { en: 'status must be 1 (enabled) or 2 (disabled)', zh: '状态必须是 1（启用）或 2（禁用）' },
  'token.not_found': { en: 'token not found', zh: '令牌不存在' },
  'token.expired_cannot_enable': {
    en: 'this token has expired and cannot be enabled: extend its expiry time or set it to never expire first',
    zh: '该令牌已过期，无法启用：请先延长过期时间或设为永不过期',
  },
  'token.exhausted_cannot_enable': {
    en: 'this token has used up its quota and cannot be enabled: add remaining quota or make it unlimited first',
    zh: '该令牌额度已用尽，无法启用：请先增加剩余额度或设为无限额度',
  },
  'token.subnet_invalid': {
    en: 'invalid subnet "{entry}": expected a CIDR such as 192.168.1.0/24 or 2001:db8::/32, several separated by commas',
    zh: '子网 "{entry}" 无效：应为 CIDR 格式，如 192.168.1.0/24 或 2001:db8::/32，多个以逗号分隔',
  },
} as const satisfies Record<string, MessageTexts>;

export const redemptionMessages = {
  'redemption.id_invalid': { en: 'invalid redemption code id', zh: '兑换码 ID 无效' },
  'redemption.name_length': {
    en: `the redemption code name must be 1 to ${REDEMPTION_NAME_MAX} characters long`,
    zh: `兑换码名称长度必须为 1 到 ${REDEMPTION_NAME_MAX} 个字符`,
  },
  'redemption.quota_invalid': { en: 'quota must be a whole number of 0 or more', zh: '额度必须是不小于 0 的整数' },
  'redemption.quota_too_large': { en: 'quota must be at most 2147483647 per code', zh: '每个兑换码的额度不得超过 2147483647' },
  'redemption.count_range': {
    en: `count (the number of codes) must be a whole number from 1 to ${REDEMPTION_COUNT_MAX}`,
    zh: `兑换码数量（count）必须是 1 到 ${REDEMPTION_COUNT_MAX} 之间的整数`,
  },
  'redemption.status_invalid': { en: 'status must be 1 (enabled) or 2 (disabled)', zh: '状态必须是 1（启用）或 2（禁用）' },
  'redemption.not_found': { en: 'redemption code not found', zh: '兑换码不存在' },
  'redemption.used_cannot_toggle': {
    en: 'this code has already been used and can no longer be enabled or disabled',
    zh: '该兑换码已被使用，不能再启用或禁用',
  },
  'redemption.used_quota_locked': { en: 'this code has already been used: its quota can no longer be changed', zh: '该兑换码已被使用：额度不能再修改' },
  'redemption.key_required': { en: 'please enter the top-up code', zh: '请输入充值码' },
  'redemption.invalid_code': { en: 'invalid redemption code', zh: '无效的充值码' },
  'redemption.disabled_code': { en: 'this redemption code has been disabled', zh: '该充值码已被禁用' },
  'redemption.used_code': { en: 'this redemption code has already been used', zh: '该充值码已被使用' },
} as const satisfies Record<string, MessageTexts>;

export const channelMessages = {
  'channel.name_and_key_required': { en: 'please fill in the channel name and key', zh: '请填写渠道名称和密钥' },
  'channel.models_required': { en: 'please select at least one model', zh: '请至少选择一个模型' },
  'channel.model_mapping_invalid': { en: 'model mapping must be valid JSON format', zh: '模型映射必须是合法的 JSON 格式' },
  'channel.config_invalid': { en: 'config must be a valid JSON object', zh: '配置（config）必须是合法的 JSON 对象' },
  'channel.rerank_format_invalid': {
    en: 'config.rerank_format must be one of cohere, jina, voyage, dashscope, tei, or left out',
    zh: '配置中的 rerank_format 只能是 cohere、jina、voyage、dashscope、tei 之一，或不填',
  },
  'channel.groups_required': { en: 'please select at least one group', zh: '请至少选择一个分组' },
  'channel.name_too_long': { en: 'the channel name must be at most 191 characters', zh: '渠道名称不得超过 191 个字符' },
  'channel.group_too_long': { en: 'the channel groups must be at most 32 characters together', zh: '渠道分组合计不得超过 32 个字符' },
  'channel.model_mapping_too_long': { en: 'model mapping must be at most 1024 characters', zh: '模型映射不得超过 1024 个字符' },
  'channel.id_invalid': { en: 'invalid channel id', zh: '渠道 ID 无效' },
  'channel.id_required': { en: 'channel id is required', zh: '缺少渠道 ID' },
  'channel.not_found': { en: 'channel not found', zh: '渠道不存在' },
  'channel.status_invalid': { en: 'status must be 1 (enabled), 2 (disabled) or 3 (disabled automatically)', zh: '状态（status）必须是 1（启用）、2（禁用）或 3（自动禁用）' },
  'channel.test_unsupported': {
    en: 'channel type {type} cannot be tested yet: its protocol is not supported',
    zh: '渠道类型 {type} 暂不能测试：尚不支持其协议',
  },
  // `detail` is the upstream's own error message, passed on as it came.
  'channel.test_upstream_error': { en: 'http status code {status}, error message: {detail}', zh: '上游 HTTP 状态码 {status}，错误信息：{detail}' },
  // A passing test answers the model's own reply.
  'channel.test_reply': { en: '{reply}', zh: '{reply}' },
  'channel.test_no_content': { en: 'the upstream answered without a message content', zh: '上游的回答中没有消息内容' },
  'channel.test_slow': { en: 'the test took {seconds} s, over the {threshold} s threshold', zh: '测试耗时 {seconds} 秒，超过了 {threshold} 秒的阈值' },
  'channel.test_slow_reply': { en: '{slow}; the reply was: {reply}', zh: '{slow}；回答为：{reply}' },
  'channel.test_lock_unavailable': {
    en: 'cannot start the channel test: Redis did not answer ({detail})',
    zh: '无法开始渠道测试：Redis 未响应（{detail}）',
  },
  'channel.test_running': { en: 'a channel test is already running', zh: '已有渠道测试正在进行' },
  'channel.test_started': { en: 'channel test started: each row updates as its channel finishes', zh: '渠道测试已开始：每个渠道测试完成后其所在行随即更新' },
  'channel.balance_unsupported': { en: 'balance lookup is not supported for this channel type', zh: '该渠道类型不支持查询余额' },
  'channel.balance_missing': { en: 'the vendor answered without a balance', zh: '服务商的回答中没有余额' },
  'channel.balance_no_base_url': { en: 'the channel has no base URL to ask for its balance', zh: '该渠道没有可用于查询余额的 Base URL' },
  'channel.balance_vendor_code': { en: '{vendor} answered code {code}: {detail}', zh: '{vendor} 返回代码 {code}：{detail}' },
  'channel.balance_refused': { en: 'the vendor answered {status}: {detail}', zh: '服务商返回 {status}：{detail}' },
  'channel.balances_updated': { en: 'updated the balance of {updated} of {total} channels', zh: '已更新 {total} 个渠道中 {updated} 个的余额' },
  // A fault below the balance lookup (a refused connection, a timeout): its own text is all there is.
  'channel.balance_failed': { en: '{detail}', zh: '查询余额失败：{detail}' },
} as const satisfies Record<string, MessageTexts>;

export const logMessages = {
  'log.whole_number': { en: '{field} must be a whole number', zh: '{field} 必须是整数' },
  'log.target_timestamp_required': {
    en: 'target_timestamp is required: logs older than it are deleted',
    zh: '缺少 target_timestamp：早于该时间的日志会被删除',
  },
} as const satisfies Record<string, MessageTexts>;
