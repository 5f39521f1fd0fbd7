import { describe, expect, it } from 'vitest';
import { LOG_PHRASES, logPhrase, translateLogText, type LogPhrase } from './log-phrases.js';

/** A translation that shows what was found: the phrase's name and its parameters. */
const mark = (name: LogPhrase, params: Record<string, string>) => `<${name}${Object.entries(params).map(([key, value]) => ` ${key}=${value}`).join('')}>`;

describe('log phrases', () => {
  it('write the English template with the parameters in', () => {
    expect(logPhrase('ratios', { model: '0.075', group: '1.00', completion: '4.00' })).toBe('model ratio 0.075, group ratio 1.00, completion ratio 4.00');
    expect(logPhrase('redeemed', { amount: logPhrase('dollars', { amount: '0.500000' }), id: 7 })).toBe('recharged $0.500000 quota via redemption code #7');
  });

  it('are found again in a stored text, with the phrases inside their parameters', () => {
    const content = `${logPhrase('ratios', { model: '0.075', group: '1.00', completion: '4.00' })}, ${logPhrase('cacheRead', { tokens: 1024, ratio: '0.10' })}; ${logPhrase('clientInterrupted')}`;
    expect(translateLogText(content, mark)).toBe('<ratios model=0.075 group=1.00 completion=4.00>, <cacheRead tokens=1024 ratio=0.10>; <clientInterrupted>');
    const changed = logPhrase('quotaChanged', { admin: 'root', from: logPhrase('dollars', { amount: '-0.001998' }), to: logPhrase('points', { amount: 500000 }) });
    expect(translateLogText(changed, mark)).toBe('<quotaChanged admin=root from=<dollars amount=-0.001998> to=<points amount=500000>>');
    const imported = logPhrase('configImported', { actor: logPhrase('administrator', { admin: 'ops team' }), counts: '3 channels, 2 users' });
    expect(translateLogText(imported, mark)).toBe('<configImported actor=<administrator admin=ops team> counts=3 channels, 2 users>');
  });

  it('leave alone what is not a phrase: one-api rows, remarks, an upstream message', () => {
    for (const text of ['模型倍率 1.00，补全倍率 1.00，分组倍率 1.00', 'credit for the March invoice', 'the e2e upstream is down', '']) expect(translateLogText(text, mark)).toBe(text);
  });

  it('name every parameter once, as a word', () => {
    for (const template of Object.values(LOG_PHRASES)) {
      const names = [...template.matchAll(/\{(\w+)#?\}/g)].map((match) => match[1]);
      expect(new Set(names).size, template).toBe(names.length);
    }
  });
});

describe('a stored text holding the marks the translation uses', () => {
  it('comes back as it was, and the translation ends', () => {
    const text = 'odd \uE0007\uE001 and \uE000 text';
    expect(translateLogText(text, mark)).toBe(text);
  });
});

describe('the relay refusals an error log keeps', () => {
  it('are found with the model and the group', () => {
    expect(translateLogText(logPhrase('noChannel', { model: 'gpt-x', group: 'vip' }), mark)).toBe('<noChannel model=gpt-x group=vip>');
    expect(translateLogText(logPhrase('modelUnpriced', { model: 'e2e-unpriced' }), mark)).toBe('<modelUnpriced model=e2e-unpriced>');
  });
});
