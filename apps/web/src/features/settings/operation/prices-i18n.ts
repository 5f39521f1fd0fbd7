/** Texts of the money price editor, the long-context tiers and the display currency. */
const zh = {
  title: '模型价格（美元 / 每百万 tokens）',
  help: '价格按 one-api 的倍率保存：倍率 1 = 每百万输入 tokens $2（默认单位美元额度 500000 时）。留空的缓存与推理价格使用内置比例。点击下表中的一行可载入编辑。',
  model: '模型',
  input: '输入',
  output: '输出',
  cacheRead: '缓存读取',
  cacheWrite: '缓存写入',
  reasoning: '推理',
  save: '保存模型价格',
  tiers: '长上下文价格',
  tiersHelp: '提示 tokens 超过阈值时整个请求按该档计价，价格为与模型倍率同单位的绝对倍率。',
  tiersPlaceholder: '例如 {"claude-sonnet-4-5":[{"above_prompt_tokens":200000,"input":3,"output":11.25}]}；留空表示不分档',
  saveTiers: '保存长上下文价格',
  currency: '显示货币',
  currencyHelp: '控制台以此货币显示金额（额度、日志、数据看板、价格）；非美元时按汇率换算。',
  displayCurrency: '显示货币（如 USD、CNY）',
  exchangeRate: '汇率（1 美元可兑换的显示货币数量）',
  saveCurrency: '保存显示货币',
};

const en: typeof zh = {
  title: 'Model prices (USD per 1M tokens)',
  help: "Prices are stored as one-api's ratios: a ratio of 1 is $2 per 1M input tokens (at the default QuotaPerUnit of 500000). Cache and reasoning prices left blank use the built-in proportions. Click a row below to edit it.",
  model: 'Model',
  input: 'Input',
  output: 'Output',
  cacheRead: 'Cache read',
  cacheWrite: 'Cache write',
  reasoning: 'Reasoning',
  save: 'Save model price',
  tiers: 'Long-context prices',
  tiersHelp: "Once a request's prompt passes a threshold, the whole request is priced at that tier; prices are absolute ratios in the model ratio's unit.",
  tiersPlaceholder: 'For example {"claude-sonnet-4-5":[{"above_prompt_tokens":200000,"input":3,"output":11.25}]}; blank prices every prompt size the same',
  saveTiers: 'Save long-context prices',
  currency: 'Display currency',
  currencyHelp: 'The console shows money (quotas, logs, dashboard, prices) in this currency, converted at the rate when it is not USD.',
  displayCurrency: 'Display currency (USD, CNY...)',
  exchangeRate: 'Exchange rate (display currency per US dollar)',
  saveCurrency: 'Save display currency',
};

export const pricesMessages = { zh, en };
