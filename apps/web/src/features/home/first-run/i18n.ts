/** Texts of the home page's first-run checklist, wired into app/i18n as `firstRun`. */
const zh = {
  title: '快速开始',
  intro: '添加渠道、创建令牌、发送请求，然后在日志中看到它。',
  dismiss: '不再显示',
  done: '已完成',
  steps: {
    channel: '添加渠道',
    key: '创建令牌',
    request: '发送第一个请求',
    log: '查看第一条日志',
  },
  help: {
    channel: '渠道是上游服务商（OpenAI、Anthropic、Gemini……）的密钥，网关把请求转发给它。',
    key: '客户端用令牌（sk-…）调用网关，令牌决定额度和可用模型。',
    request: '复制一段代码到终端运行：其中已填好本服务器的地址、你最新的令牌和渠道提供的模型。',
    requestLater: '添加渠道并创建令牌后，这里会给出可直接运行的代码。',
    log: '每个请求都会记录一条日志，包括 token 数和费用。',
    logWaiting: '正在等待第一个请求……',
  },
  actions: {
    channel: '添加渠道',
    key: '创建令牌',
    log: '查看日志',
  },
};

const en: typeof zh = {
  title: 'Get started',
  intro: 'Add a channel, create a key, send a request, and see it in the logs.',
  dismiss: 'Do not show again',
  done: 'Done',
  steps: {
    channel: 'Add a channel',
    key: 'Create a key',
    request: 'Send a first request',
    log: 'See the first log row',
  },
  help: {
    channel: 'A channel is an upstream provider’s credential (OpenAI, Anthropic, Gemini…) that the gateway relays requests to.',
    key: 'Clients call the gateway with a key (sk-…), which sets their quota and the models they may use.',
    request: 'Run a snippet in a terminal: it holds this server’s address, your newest key and a model your channels serve.',
    requestLater: 'Once a channel and a key exist, ready-to-run snippets appear here.',
    log: 'Every request is logged with its tokens and cost.',
    logWaiting: 'Waiting for the first request…',
  },
  actions: {
    channel: 'Add a channel',
    key: 'Create a key',
    log: 'Open the logs',
  },
};

export const firstRunI18n = { zh, en };
