import { MODEL_NAME_MAX_LENGTH, UNPRICED_MODELS_MAX } from '../channel-models.js';
import type { MessageTexts } from './message.js';

/**
 * The channel form's model fetch. `url` is the address asked, without its query (Gemini's carries the key);
 * `detail` is the upstream's own words, passed on as they came.
 */
export const channelModelMessages = {
  'channel.models_unsupported': {
    en: 'channel type {type} has no model list Tollgate can ask for: enter its models by hand',
    zh: '渠道类型 {type} 没有 Tollgate 可以查询的模型列表：请手动填写模型',
  },
  'channel.models_key_required': { en: 'enter the channel key first: the model list is asked for with it', zh: '请先填写渠道密钥：获取模型列表需要用到它' },
  'channel.models_no_base_url': { en: 'enter the base URL first: this channel type has no default address', zh: '请先填写 Base URL：该渠道类型没有默认地址' },
  'channel.models_aws_key_invalid': {
    en: 'the AWS key must be AK|SK|Region, AK|SK|Region|SessionToken or APIKey|Region (or Region, AK and SK filled in)',
    zh: 'AWS 密钥必须是 AK|SK|Region、AK|SK|Region|SessionToken 或 APIKey|Region（或填写 Region、AK、SK）',
  },
  'channel.models_refused': { en: 'the upstream answered HTTP {status} at {url}: {detail}', zh: '上游在 {url} 返回 HTTP {status}：{detail}' },
  'channel.models_unreachable': { en: 'could not reach the upstream at {url}: {detail}', zh: '无法连接上游 {url}：{detail}' },
  'channel.models_timeout': { en: 'the upstream at {url} did not answer within {seconds} s', zh: '上游 {url} 在 {seconds} 秒内没有应答' },
  'channel.models_not_a_list': { en: 'the upstream at {url} did not answer with a model list: {detail}', zh: '上游 {url} 的应答不是模型列表：{detail}' },
  'channel.models_list_missing': { en: 'the upstream at {url} answered without a "{field}" list', zh: '上游 {url} 的应答中没有 "{field}" 列表' },
  'channel.model_names_too_many': {
    en: `{field}: at most ${UNPRICED_MODELS_MAX} model names at a time`,
    zh: `{field}：一次最多 ${UNPRICED_MODELS_MAX} 个模型名称`,
  },
  'channel.model_name_too_long': {
    en: `{field}: a model name must be at most ${MODEL_NAME_MAX_LENGTH} characters`,
    zh: `{field}：模型名称不得超过 ${MODEL_NAME_MAX_LENGTH} 个字符`,
  },
} as const satisfies Record<string, MessageTexts>;
