/** Texts of the usage dashboard. */
const zh = {
  title: '数据看板',
  requests: '模型请求趋势',
  quota: '额度消费趋势',
  tokens: 'Token 消费趋势',
  today: '今日',
  requestsTooltip: '请求次数',
  quotaTooltip: '消费额度',
  tokensTooltip: 'Token 数量',
  models: '模型使用分布（Token）',
  unknownModel: '未知模型',
  date: '日期',
  empty: '最近 7 天暂无消费记录',
};

const en: typeof zh = {
  title: 'Dashboard',
  requests: 'Requests',
  quota: 'Quota spent',
  tokens: 'Tokens used',
  today: 'Today',
  requestsTooltip: 'Requests',
  quotaTooltip: 'Quota',
  tokensTooltip: 'Tokens',
  models: 'Usage by model (tokens)',
  unknownModel: 'Unknown model',
  date: 'Date',
  empty: 'No usage in the last 7 days',
};

export const dashboardI18n = { zh, en };
