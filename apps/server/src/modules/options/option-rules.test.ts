import { describe, expect, it } from 'vitest';
import { renderMessage } from '@tollgate/contract';
import { checkOption, type OptionCheck } from './option-rules.js';

/** A refusal as scripts without Accept-Language read it. */
const inEnglish = (check: OptionCheck) => (check.ok ? check : { ok: false, message: renderMessage(check.message, 'en') });

const saved: Record<string, string> = { GitHubClientId: '', EmailDomainWhitelist: 'gmail.com', WeChatServerAddress: '', TurnstileSiteKey: 'site-key' };
const current = (key: string) => saved[key] ?? '';
/** As the server's price source answers: gpt-4o has a built-in price. */
const builtIn = (model: string) => model === 'gpt-4o';

describe('checkOption', () => {
  it.each([
    // key, value sent, value stored
    ['SystemName', 'My Gateway', 'My Gateway'],
    ['RegisterEnabled', 'false', 'false'],
    ['QuotaPerUnit', '0.5', '0.5'],
    ['QuotaPerUnit', ' 500000 ', '500000'],
    ['RetryTimes', '3', '3'],
    ['SMTPPort', '465', '465'],
    ['QuotaForNewUser', '0', '0'],
    ['ChannelDisableThreshold', '2.5', '2.5'],
    ['ChannelBreakerEnabled', 'false', 'false'],
    ['ChannelBreakerMinRequests', ' 5 ', '5'],
    ['ChannelBreakerErrorRate', '1', '1'],
    ['ChannelBreakerWindow', '0.5', '0.5'],
    ['ChannelBreakerCooldown', '30', '30'],
    ['ChannelBreakerMaxCooldown', '600', '600'],
    ['DefaultModelRatio', '', ''],
    ['DefaultModelRatio', '15', '15'],
    ['ModelRatio', '{"gpt-4o":2.5,"free":0}', '{"gpt-4o":2.5,"free":0}'],
    ['GroupRatio', '{}', '{}'],
    ['CompletionRatio', '{"gpt-4o":4}', '{"gpt-4o":4}'],
    ['CacheReadRatio', '{"claude-sonnet-4-5":0.1}', '{"claude-sonnet-4-5":0.1}'],
    ['ReasoningRatio', '{}', '{}'],
    ['Theme', 'berry', 'berry'],
    ['ServerAddress', 'https://gw.example.com/', 'https://gw.example.com'],
    ['ServerAddress', 'https://gw.example.com//', 'https://gw.example.com'],
    ['WeChatServerAddress', 'https://wx.example.com/', 'https://wx.example.com'],
    ['MessagePusherAddress', 'https://push.example.com/', 'https://push.example.com'],
    ['EmailDomainWhitelist', ' gmail.com, ,qq.com,gmail.com ', 'gmail.com,qq.com'],
    ['EmailDomainRestrictionEnabled', 'true', 'true'],
    ['TurnstileCheckEnabled', 'true', 'true'],
    ['GitHubOAuthEnabled', 'false', 'false'],
    ['SMTPToken', 'secret', 'secret'],
    ['GitHubBaseUrl', 'https://ghe.example.com/', 'https://ghe.example.com'],
    ['GitHubBaseUrl', '', 'https://github.com'],
    ['GitHubApiBaseUrl', ' https://ghe.example.com/api/v3 ', 'https://ghe.example.com/api/v3'],
    ['LarkBaseUrl', 'https://open.larksuite.com', 'https://open.larksuite.com'],
    ['LarkBaseUrl', '', 'https://open.feishu.cn'],
    ['OidcWellKnown', '', ''],
    ['OidcTokenEndpoint', 'https://sso.example.com/token/', 'https://sso.example.com/token'],
  ])('accepts %s = %j as %j', (key, value, stored) => {
    expect(checkOption(key, value, current, builtIn)).toEqual({ ok: true, value: stored });
  });

  it.each([
    ['NoSuchKey', 'x', 'unknown option key: NoSuchKey'],
    ['toString', 'x', 'unknown option key: toString'],
    ['RegisterEnabled', 'yes', "RegisterEnabled must be 'true' or 'false'"],
    ['RegisterEnabled', '', "RegisterEnabled must be 'true' or 'false'"],
    ['QuotaPerUnit', '0', 'QuotaPerUnit must be a number greater than 0'],
    ['QuotaPerUnit', 'abc', 'QuotaPerUnit must be a number greater than 0'],
    ['RetryTimes', '-1', 'RetryTimes must be a whole number of 0 or more'],
    ['RetryTimes', '1.5', 'RetryTimes must be a whole number of 0 or more'],
    ['SMTPPort', '0', 'SMTPPort must be a whole number from 1 to 65535'],
    ['SMTPPort', '65536', 'SMTPPort must be a whole number from 1 to 65535'],
    ['QuotaForInvitee', '', 'QuotaForInvitee must be a whole number of 0 or more'],
    ['ChannelDisableThreshold', '-1', 'ChannelDisableThreshold must be a number of 0 or more'],
    ['ChannelBreakerEnabled', 'on', "ChannelBreakerEnabled must be 'true' or 'false'"],
    ['ChannelBreakerMinRequests', '0', 'ChannelBreakerMinRequests must be a whole number of 1 or more'],
    ['ChannelBreakerErrorRate', '0', 'ChannelBreakerErrorRate must be a number greater than 0 and at most 1'],
    ['ChannelBreakerErrorRate', '50%', 'ChannelBreakerErrorRate must be a number greater than 0 and at most 1'],
    ['ChannelBreakerWindow', '0', 'ChannelBreakerWindow must be a number of seconds greater than 0 and at most 86400'],
    ['ChannelBreakerCooldown', '', 'ChannelBreakerCooldown must be a number of seconds greater than 0 and at most 86400'],
    ['ChannelBreakerMaxCooldown', '90000', 'ChannelBreakerMaxCooldown must be a number of seconds greater than 0 and at most 86400'],
    ['DefaultModelRatio', '-2', 'DefaultModelRatio must be a number of 0 or more, or blank'],
    ['ModelRatio', '{"gpt-4o":', 'model ratio is not a valid JSON string'],
    ['ModelRatio', '[1,2]', 'model ratio is not a valid JSON string'],
    ['ModelRatio', '{"gpt-4o":"2"}', 'ModelRatio.gpt-4o must be a number of 0 or more'],
    ['ModelRatio', '{"gpt-4o":-1}', 'ModelRatio.gpt-4o must be a number of 0 or more'],
    ['GroupRatio', 'null', 'group ratio is not a valid JSON string'],
    ['CompletionRatio', '', 'completion ratio is not a valid JSON string'],
    ['CacheReadRatio', '[1]', 'cache read ratio is not a valid JSON string'],
    ['CacheWriteRatio', '{"a":-1}', 'CacheWriteRatio.a must be a number of 0 or more'],
    ['ModelPriceTiers', '{"gpt-4o":[]}', 'ModelPriceTiers.gpt-4o must be a non-empty list of tiers'],
    ['ModelPriceTiers', '{"gpt-4o":[{"above_prompt_tokens":1.5,"input":1}]}', 'ModelPriceTiers.gpt-4o[0].above_prompt_tokens must be a whole number of tokens greater than 0'],
    ['ModelPriceTiers', '{"gpt-4o":[{"above_prompt_tokens":10,"input":0}]}', 'ModelPriceTiers.gpt-4o[0].input must be greater than 0'],
    ['DisplayCurrency', 'yuan', 'DisplayCurrency must be a three-letter currency code such as USD or CNY'],
    ['CurrencyExchangeRate', '0', 'CurrencyExchangeRate must be a number greater than 0 (units of DisplayCurrency per US dollar)'],
    ['ReasoningRatio', 'x', 'reasoning ratio is not a valid JSON string'],
    ['Theme', 'dark', 'Theme must be one of default, berry, air'],
    ['GitHubOAuthEnabled', 'true', 'set GitHubClientId before enabling GitHub OAuth'],
    ['WeChatAuthEnabled', 'true', 'set WeChatServerAddress before enabling WeChat sign-in'],
    ['OidcEnabled', 'true', 'set OidcClientId before enabling OIDC'],
    ['GitHubBaseUrl', 'github.com', 'GitHubBaseUrl must be an http:// or https:// URL'],
    ['OidcWellKnown', 'ftp://sso.example.com', 'OidcWellKnown must be an http:// or https:// URL'],
  ])('refuses %s = %j: %s', (key, value, message) => {
    expect(inEnglish(checkOption(key, value, current, builtIn))).toEqual({ ok: false, message });
  });

  it('refuses tiers for a model without a price, the operator’s or a built-in one', () => {
    expect(inEnglish(checkOption('ModelPriceTiers', '{"gpt-4o-typo":[{"above_prompt_tokens":10,"input":1}]}', current, builtIn))).toMatchObject({ ok: false, message: expect.stringContaining('gpt-4o-typo') });
    expect(checkOption('ModelPriceTiers', '{"gpt-4o(14)":[{"above_prompt_tokens":10,"input":1}]}', current, builtIn)).toMatchObject({ ok: true });
  });

  it('needs a whitelist before restricting email domains, and keeps one while restricted', () => {
    const empty = (key: string) => (key === 'EmailDomainRestrictionEnabled' ? 'true' : '');
    expect(inEnglish(checkOption('EmailDomainRestrictionEnabled', 'true', empty))).toEqual({
      ok: false,
      message: 'add at least one domain to EmailDomainWhitelist before enabling email domain restriction',
    });
    expect(inEnglish(checkOption('EmailDomainWhitelist', ' , ', empty))).toEqual({
      ok: false,
      message: 'the email domain whitelist must not be empty while email domain restriction is on',
    });
    expect(checkOption('TurnstileCheckEnabled', 'true', () => '')).toMatchObject({ ok: false });
  });
});
