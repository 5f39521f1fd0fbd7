import type { MessageTexts } from './message.js';

/** The questions of /api/analytics and the rollups' CSV export. */
export const analyticsMessages = {
  'analytics.start_required': { en: 'start must be a whole number of epoch seconds', zh: 'start 必须是整数的 Unix 秒' },
  'analytics.end_required': { en: 'end must be a whole number of epoch seconds', zh: 'end 必须是整数的 Unix 秒' },
  'analytics.start_after_end': { en: 'start must be before end', zh: 'start 必须早于 end' },
  'analytics.range_too_long': { en: 'the range must not be longer than 366 days', zh: '时间范围不能超过 366 天' },
  'analytics.granularity': { en: "granularity must be 'hour' or 'day'", zh: "granularity 只能是 'hour' 或 'day'" },
  'analytics.utc_offset': { en: 'utc_offset must be a whole number of seconds from -50400 to 50400', zh: 'utc_offset 必须是 -50400 到 50400 之间的整数秒' },
  'analytics.dimension': { en: "dimension must be 'user', 'token', 'model' or 'channel'", zh: "dimension 只能是 'user'、'token'、'model' 或 'channel'" },
  'analytics.self_dimension': { en: "dimension must be 'token' or 'model': your own analytics name no users or channels", zh: "dimension 只能是 'token' 或 'model'：个人统计不包含用户和渠道" },
  'analytics.order_by': { en: "by must be 'quota' or 'requests'", zh: "by 只能是 'quota' 或 'requests'" },
  'analytics.limit': { en: 'limit must be a whole number from 1 to 100', zh: 'limit 必须是 1 到 100 之间的整数' },
} as const satisfies Record<string, MessageTexts>;
