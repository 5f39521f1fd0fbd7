import type { MessageTexts } from './message.js';

/** Failures of the HTTP layer itself: sessions, roles, rate limits, unknown routes, faults. */
export const httpMessages = {
  'http.not_logged_in': { en: 'not logged in and no access token', zh: '未登录，也未提供访问令牌' },
  'http.permission_denied': { en: 'permission denied: insufficient role', zh: '无权进行此操作：权限不足' },
  'http.too_many_requests': { en: 'too many requests, please try again later', zh: '请求过于频繁，请稍后再试' },
  'http.invalid_access_token': { en: 'invalid access token', zh: '访问令牌无效' },
  'http.user_banned': { en: 'user has been banned', zh: '用户已被封禁' },
  'http.internal_error': { en: 'internal server error (request id: {requestId})', zh: '服务器内部错误（请求 ID：{requestId}）' },
  'http.database_unavailable': { en: 'the database is unavailable, please try again shortly', zh: '数据库暂时不可用，请稍后重试' },
  'http.not_found': { en: 'not found', zh: '未找到' },
  'http.nul_character': { en: 'text may not contain the NUL character (\\u0000)', zh: '文本不能包含 NUL 字符（\\u0000）' },
  // Fastify's own refusals (a body that is not JSON, one too large): their English text stays as it was.
  'http.bad_request': { en: '{detail}', zh: '请求无效（HTTP {status}）' },
} as const satisfies Record<string, MessageTexts>;

/**
 * Validation failures of a request body or query. A schema's own message is a catalog code; otherwise the
 * English answer is the field and zod's text, and the Chinese one names the field and the reason.
 */
export const validationMessages = {
  'validation.invalid_parameters': { en: 'invalid parameters', zh: '参数无效' },
  'validation.invalid_field': { en: '{field}: {detail}', zh: '{field} 无效：{reason}' },
  'validation.the_request': { en: 'the request', zh: '请求内容' },
  'validation.reason.required': { en: 'it is required', zh: '不能为空' },
  'validation.reason.type': { en: 'expected {expected}', zh: '应为{expected}' },
  'validation.reason.too_small': { en: 'must be at least {minimum}', zh: '不能小于 {minimum}' },
  'validation.reason.too_big': { en: 'must be at most {maximum}', zh: '不能大于 {maximum}' },
  'validation.reason.too_short': { en: 'must be at least {minimum} characters long', zh: '长度不能少于 {minimum} 个字符' },
  'validation.reason.too_long': { en: 'must be at most {maximum} characters long', zh: '长度不能超过 {maximum} 个字符' },
  'validation.reason.one_of': { en: 'must be one of {values}', zh: '必须是以下之一：{values}' },
  'validation.reason.format': { en: 'has the wrong format', zh: '格式不正确' },
  'validation.reason.invalid': { en: 'is invalid', zh: '不是有效的值' },
  'validation.type.string': { en: 'a string', zh: '字符串' },
  'validation.type.number': { en: 'a number', zh: '数字' },
  'validation.type.int': { en: 'a whole number', zh: '整数' },
  'validation.type.boolean': { en: 'true or false', zh: 'true 或 false' },
  'validation.type.object': { en: 'an object', zh: '对象' },
  'validation.type.array': { en: 'a list', zh: '列表' },
} as const satisfies Record<string, MessageTexts>;
