import { logPhrase } from '@tollgate/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/app/i18n/i18n';
import { localizedLogText } from './log-text';

const consume = `${logPhrase('ratios', { model: '0.075', group: '1.00', completion: '4.00' })}, ${logPhrase('cacheRead', { tokens: 1024, ratio: '0.10' })}; ${logPhrase('upstreamInterrupted')}`;
const changed = logPhrase('quotaChanged', { admin: 'root', from: logPhrase('dollars', { amount: '0.500000' }), to: logPhrase('points', { amount: 250000 }) });

describe('log texts in the console language (issue 35)', () => {
  afterEach(() => i18n.changeLanguage('zh-CN'));

  it('says what Tollgate wrote in Chinese, with the figures as written', async () => {
    await i18n.changeLanguage('zh-CN');
    // The joins between phrases are the stored text's own.
    expect(localizedLogText(consume, i18n.t)).toBe('模型倍率 0.075，分组倍率 1.00，补全倍率 4.00, 缓存读取 1024 tokens，倍率 0.10; 已中断：上游提前结束了流');
    expect(localizedLogText(changed, i18n.t)).toBe('管理员 root 将用户额度从 $0.500000 额度 修改为 250000 点额度');
    expect(localizedLogText(logPhrase('redeemed', { amount: logPhrase('dollars', { amount: '2.000000' }), id: 12 }), i18n.t)).toBe('通过兑换码 #12 充值 $2.000000 额度');
  });

  it('keeps the stored English in the English console', async () => {
    await i18n.changeLanguage('en');
    expect(localizedLogText(consume, i18n.t)).toBe(consume);
    expect(localizedLogText(changed, i18n.t)).toBe(changed);
  });

  it('shows what is not Tollgate’s as written: one-api’s rows, remarks, an upstream’s message', async () => {
    await i18n.changeLanguage('zh-CN');
    for (const text of ['模型倍率 1.00，补全倍率 1.00，分组倍率 1.00', 'credit for March', 'the e2e upstream is down']) expect(localizedLogText(text, i18n.t)).toBe(text);
  });
});
