import type { MessageTexts } from './message.js';

/** Importing and exporting a configuration document (/api/config, the tollgate command line). */
export const configMessages = {
  'config.not_json_or_yaml': { en: 'the document is neither valid JSON nor valid YAML: {detail}', zh: '文档既不是有效的 JSON，也不是有效的 YAML：{detail}' },
  'config.not_an_object': { en: 'the document must be an object with a version field', zh: '文档必须是带 version 字段的对象' },
  'config.invalid_field': { en: '{path}: {reason}', zh: '{path} 无效：{reason}' },
  // A schema's refusal: zod's English text as it is, and in Chinese the reason from the catalog.
  'config.invalid_document_field': { en: '{path}: {detail}', zh: '{path} 无效：{reason}' },
  // A channel the channel API's rules refuse: where in the document, and which channel (name and type).
  'config.invalid_channel_field': { en: '{path}, channel {channel}: {reason}', zh: '{path}（渠道 {channel}）无效：{reason}' },
  'config.reason.one_key_per_channel': {
    en: 'a channel in a document has one key, this one has {count} lines (the console makes one channel per line)',
    zh: '文档中的每个渠道只有一个密钥，此处有 {count} 行（控制台会为每行创建一个渠道）',
  },
  'config.reason.unknown_fields': { en: 'unknown field {fields}', zh: '未知字段 {fields}' },
  'config.document': { en: 'document', zh: '文档' },
  'config.reason.new_channel_needs_key': { en: 'a new channel needs its key (this document was exported without keys)', zh: '新渠道需要密钥（此文档导出时未包含密钥）' },
  'config.reason.unknown_option': { en: 'unknown option key', zh: '未知的设置项' },
  'config.reason.wrong_section': { en: 'set in the {section} section', zh: '应在 {section} 部分中设置' },
  'config.reason.user_listed_twice': { en: '{username} is listed twice', zh: '{username} 出现了两次' },
  'config.reason.no_such_user': { en: 'no user named {username}', zh: '没有名为 {username} 的用户' },
  'config.flag_not_boolean': { en: '{name} must be true or false', zh: '{name} 只能是 true 或 false' },
  'config.unknown_format': { en: 'format must be json or yaml', zh: 'format 只能是 json 或 yaml' },
} as const satisfies Record<string, MessageTexts>;
