import { describe, expect, it } from 'vitest';
import * as contract from '../index.js';
import { isMessageCode, message, MESSAGE_CATALOG, renderMessage } from './catalog.js';
import { messageLanguage, placeholdersOf } from './message.js';

const CJK = /[\u4e00-\u9fff]/;
/** A text that only passes on what it is given (an upstream's reply, zod's own English). */
const onlyPlaceholders = (text: string) => text.replace(/\{\w+\}/g, '').trim() === '';

describe('the message catalog', () => {
  const entries = Object.entries(MESSAGE_CATALOG);

  it('has every code in both languages, with the same placeholders', () => {
    expect(entries.length).toBeGreaterThan(100);
    for (const [code, texts] of entries) {
      expect(code, code).toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
      expect(texts.en.trim(), code).not.toBe('');
      expect(texts.zh.trim(), code).not.toBe('');
      expect(CJK.test(texts.en), `${code} en`).toBe(false);
      expect(CJK.test(texts.zh) || onlyPlaceholders(texts.zh), `${code} zh is Chinese`).toBe(true);
      const zhPlaceholders = placeholdersOf(texts.zh);
      // The Chinese text may leave out an English-only detail (zod's own message), never add one.
      for (const name of zhPlaceholders) expect(placeholdersOf(texts.en).includes(name) || code === 'validation.invalid_field' || code === 'config.invalid_document_field' || code === 'price.tier_invalid' || code === 'http.bad_request', `${code} {${name}}`).toBe(true);
    }
  });

  it('names only catalog codes in the contract’s message tables, which the schemas use as their messages', () => {
    const tables = Object.entries(contract).filter(([name]) => /^[A-Z]\w*Messages$/.test(name));
    expect(tables.map(([name]) => name).sort()).toEqual(
      ['AdminUserMessages', 'AnalyticsMessages', 'ChannelMessages', 'LogMessages', 'OptionMessages', 'RedemptionMessages', 'TokenMessages', 'UserMessages'].sort(),
    );
    for (const [name, table] of tables) for (const [key, code] of Object.entries(table as object)) expect(isMessageCode(code), `${name}.${key}`).toBe(true);
  });

  it('answers a schema’s failure with a code', () => {
    const refused = contract.CreateTokenRequestSchema.safeParse({ name: '', remain_quota: -1 });
    expect(refused.success).toBe(false);
    for (const issue of refused.error?.issues ?? []) expect(isMessageCode(issue.message), issue.message).toBe(true);
    const limits = contract.groupRateLimitsProblem('{"vip":{"rpm":-1}}');
    expect(limits && renderMessage(limits, 'zh')).toBe('GroupRateLimits.vip.rpm 必须是 0（不限制）到 2000000000 之间的整数');
  });

  it('renders parameters, and messages given as parameters, in the same language', () => {
    const slow = message('channel.test_slow', { seconds: '6.10', threshold: 5 });
    const reply = message('channel.test_slow_reply', { slow, reply: 'gpt-4o' });
    expect(renderMessage(reply, 'en')).toBe('the test took 6.10 s, over the 5 s threshold; the reply was: gpt-4o');
    expect(renderMessage(reply, 'zh')).toBe('测试耗时 6.10 秒，超过了 5 秒的阈值；回答为：gpt-4o');
    expect(renderMessage({ code: 'no.such_code' }, 'zh')).toBe('no.such_code');
  });
});

describe('messageLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['zh-CN', 'zh'],
    ['zh', 'zh'],
    ['zh-TW,zh;q=0.9', 'zh'],
    ['en-US,en;q=0.9,zh-CN;q=0.8', 'en'],
    ['fr-FR,zh-CN;q=0.8,en;q=0.5', 'zh'],
    ['de-DE', 'en'],
    ['zh-CN;q=0', 'en'],
    ['*', 'en'],
  ] as const)('%s -> %s', (header, language) => {
    expect(messageLanguage(header)).toBe(language);
  });
});
