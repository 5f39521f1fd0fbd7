import { LOG_PHRASES, type LogPhrase } from '@tollgate/contract';

/**
 * The console's words for the phrases the server writes into log texts (contract: log-phrases.ts), in one-api's
 * Chinese where one-api wrote the same line. Typed by the catalog, so a new phrase cannot go untranslated.
 */
const zh: Record<LogPhrase, string> = {
  ratios: '模型倍率 {{model}}，分组倍率 {{group}}，补全倍率 {{completion}}',
  twoRatios: '模型倍率 {{model}}，分组倍率 {{group}}',
  perRequest: '按次计费 {{quota}} 额度，分组倍率 {{group}}',
  cacheRead: '缓存读取 {{tokens}} tokens，倍率 {{ratio}}',
  cacheWrite: '缓存写入 {{tokens}} tokens，倍率 {{ratio}}',
  reasoning: '推理 {{tokens}} tokens，倍率 {{ratio}}',
  tier: '长上下文档位（提示超过 {{tokens}} tokens）',
  upstreamInterrupted: '已中断：上游提前结束了流',
  clientInterrupted: '已中断：客户端断开了连接',
  newUserGift: '新用户注册赠送 {{amount}}',
  invitationGift: '使用邀请码赠送 {{amount}}',
  inviterReward: '邀请用户赠送 {{amount}}',
  apiTopUp: '通过 API 充值 {{amount}}',
  quotaChanged: '管理员 {{admin}} 将用户额度从 {{from}} 修改为 {{to}}',
  redeemed: '通过兑换码 #{{id}} 充值 {{amount}}',
  configImported: '{{actor}} 导入了配置文件：{{counts}}',
  priceSourceApplied: '{{actor}} 应用了价格来源文件（{{date}} 获取自 {{url}}，sha256 {{sha}}）：{{summary}}',
  scheduledRefresh: '定时刷新（PriceSourceRefreshHours）',
  commandLine: '命令行（tollgate prices update）',
  administrator: '管理员 {{admin}}',
  modelUnpriced: '模型 {{model}} 没有价格：管理员可在控制台（设置 › 运营设置 › 模型价格）或 ModelRatio 选项中设置，或设置 DefaultModelRatio 为所有未列出的模型定价',
  noChannel: '当前分组 {{group}} 下对于模型 {{model}} 无可用渠道',
  twoFactorResetByCommandLine: '已在命令行关闭两步验证（tollgate two-factor reset）',
  passkeysResetByCommandLine: '已在命令行删除 {{count}} 个通行密钥（tollgate two-factor reset）',
  passkeysResetByAdministrator: '管理员 {{admin}} 关闭了两步验证，删除的通行密钥：{{count}} 个',
  dollars: '${{amount}} 额度',
  points: '{{amount}} 点额度',
};

/** English as the server writes it: the catalog's own templates. */
const en = Object.fromEntries(Object.entries(LOG_PHRASES).map(([name, template]) => [name, template.replace(/\{(\w+)#?\}/g, '{{$1}}')])) as Record<LogPhrase, string>;

export const logPhrasesI18n = { zh, en };
