/** Texts of the pricing page. */
const zh = {
  title: '模型价格',
  intro: '你的分组 {{group}}（倍率 {{ratio}}）可用的模型，价格已乘分组倍率，单位为每百万 tokens；按次计费的模型只收每次请求的价格。',
  search: '搜索模型名称',
  model: '模型',
  input: '输入',
  output: '输出',
  cacheRead: '缓存读取',
  cacheWrite: '缓存写入',
  reasoning: '推理',
  audioInput: '音频输入',
  audioOutput: '音频输出',
  perRequest: '每次请求',
  tiers: '长上下文',
  tier: '提示超过 {{tokens}}：输入 {{input}}，输出 {{output}}',
  unpriced: '未定价（无法调用）：{{models}}',
  empty: '没有可用的模型',
};

const en: typeof zh = {
  title: 'Model prices',
  intro: 'Models your group {{group}} (ratio {{ratio}}) may use; prices include the group ratio, per million tokens; a model priced per request costs only that.',
  search: 'Search models',
  model: 'Model',
  input: 'Input',
  output: 'Output',
  cacheRead: 'Cache read',
  cacheWrite: 'Cache write',
  reasoning: 'Reasoning',
  audioInput: 'Audio in',
  audioOutput: 'Audio out',
  perRequest: 'Per request',
  tiers: 'Long context',
  tier: 'prompt above {{tokens}}: input {{input}}, output {{output}}',
  unpriced: 'No price (cannot be called): {{models}}',
  empty: 'No models available',
};

export const pricingI18n = { zh, en };
