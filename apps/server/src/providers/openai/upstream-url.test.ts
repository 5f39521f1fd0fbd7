import { describe, expect, it } from 'vitest';
import { channelType, type ChannelType } from '@tollgate/contract';
import { channelApiVersion, openAIUrl } from './upstream-url.js';

const type = (id: number) => channelType(id) as ChannelType;

describe('OpenAI upstream URLs (reference 2.2)', () => {
  it('appends the request path to the base URL, the default one when the channel has none', () => {
    expect(openAIUrl(type(1), { baseUrl: '', apiVersion: '' }, '/v1/chat/completions', 'gpt-4o')).toBe('https://api.openai.com/v1/chat/completions');
    expect(openAIUrl(type(36), { baseUrl: 'https://mirror.example/', apiVersion: '' }, '/v1/embeddings', 'x')).toBe('https://mirror.example/v1/embeddings');
  });

  it('builds Azure deployment URLs without dots in the model and with the API version', () => {
    expect(openAIUrl(type(3), { baseUrl: 'https://acme.openai.azure.com', apiVersion: '2024-03-01-preview' }, '/v1/chat/completions', 'gpt-3.5-turbo')).toBe(
      'https://acme.openai.azure.com/openai/deployments/gpt-35-turbo/chat/completions?api-version=2024-03-01-preview',
    );
    expect(openAIUrl(type(3), { baseUrl: 'https://acme.openai.azure.com', apiVersion: '2024-06-01' }, '/v1/images/generations', 'dall-e-3')).toBe(
      'https://acme.openai.azure.com/openai/deployments/dall-e-3/images/generations?api-version=2024-06-01',
    );
  });

  it('strips /v1 for OpenAI-compatible and Gemini OpenAI channels', () => {
    expect(openAIUrl(type(50), { baseUrl: 'https://llm.example/api/v1', apiVersion: '' }, '/v1/chat/completions', 'm')).toBe('https://llm.example/api/v1/chat/completions');
    expect(openAIUrl(type(51), { baseUrl: '', apiVersion: '' }, '/v1/chat/completions', 'gemini-2.0-flash')).toBe('https://generativelanguage.googleapis.com/v1beta/openai/chat/completions');
  });

  it("uses the vendors' own paths", () => {
    expect(openAIUrl(type(27), { baseUrl: '', apiVersion: '' }, '/v1/chat/completions', 'abab6.5-chat')).toBe('https://api.minimax.chat/v1/text/chatcompletion_v2');
    expect(openAIUrl(type(40), { baseUrl: '', apiVersion: '' }, '/v1/embeddings', 'Doubao-embedding')).toBe('https://ark.cn-beijing.volces.com/api/v3/embeddings');
    expect(openAIUrl(type(41), { baseUrl: '', apiVersion: '' }, '/v1/chat/completions', 'x')).toBe('https://api.novita.ai/v3/openai/chat/completions');
    expect(openAIUrl(type(47), { baseUrl: '', apiVersion: '' }, '/v1/chat/completions', 'ernie-4.0-8k')).toBe('https://qianfan.baidubce.com/v2/chat/completions');
    expect(openAIUrl(type(49), { baseUrl: '', apiVersion: '' }, '/v1/chat/completions', 'qwen-turbo')).toBe('https://dashscope.aliyuncs.com/compatible-mode/v1/chat/completions');
  });

  it('drops /v1 (and Azure its deployment prefix) behind a Cloudflare AI Gateway', () => {
    const gateway = 'https://gateway.ai.cloudflare.com/v1/acct/gw/openai';
    expect(openAIUrl(type(1), { baseUrl: gateway, apiVersion: '' }, '/v1/chat/completions', 'gpt-4o')).toBe(`${gateway}/chat/completions`);
    expect(openAIUrl(type(3), { baseUrl: 'https://gateway.ai.cloudflare.com/v1/acct/gw/azure-openai/res', apiVersion: 'v' }, '/v1/chat/completions', 'gpt-4o')).toBe(
      'https://gateway.ai.cloudflare.com/v1/acct/gw/azure-openai/res/gpt-4o/chat/completions?api-version=v',
    );
  });

  it("takes Azure's API version from the channel config, then the legacy other column, else the default", () => {
    const azure = (channel: { config: Record<string, string>; other: string }) =>
      openAIUrl(type(3), { baseUrl: 'https://acme.openai.azure.com', apiVersion: channelApiVersion(channel) }, '/v1/chat/completions', 'gpt-4o');
    const withVersion = (version: string) => `https://acme.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=${version}`;
    expect(azure({ config: { api_version: '2024-10-21' }, other: '2023-05-15' })).toBe(withVersion('2024-10-21'));
    expect(azure({ config: {}, other: '2023-05-15' })).toBe(withVersion('2023-05-15'));
    expect(azure({ config: { api_version: '  ' }, other: ' 2023-05-15 ' })).toBe(withVersion('2023-05-15'));
    expect(azure({ config: {}, other: '' })).toBe(withVersion('2024-03-01-preview'));
  });
});
