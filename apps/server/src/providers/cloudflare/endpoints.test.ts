import { channelType } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import type { UpstreamTarget } from '../adaptor.js';
import { cloudflareUrl } from './endpoints.js';

const target = (baseUrl: string, config: Record<string, string> = {}): UpstreamTarget => ({
  type: channelType(37)!,
  key: 'cf-token',
  baseUrl,
  other: '',
  config,
  settings: {},
});

describe('Cloudflare Workers AI URLs (reference providers.md 13)', () => {
  it('puts the account id of config user_id in the OpenAI-compatible path', () => {
    expect(cloudflareUrl(target('', { user_id: 'acc123' }), 'chat/completions')).toBe('https://api.cloudflare.com/client/v4/accounts/acc123/ai/v1/chat/completions');
    expect(cloudflareUrl(target('https://cf.example/', { user_id: 'acc123' }), 'embeddings')).toBe('https://cf.example/client/v4/accounts/acc123/ai/v1/embeddings');
  });

  it('uses an AI Gateway base as the prefix, with or without its /workers-ai tail', () => {
    expect(cloudflareUrl(target('https://gateway.ai.cloudflare.com/v1/acc/gw/workers-ai'), 'chat/completions')).toBe('https://gateway.ai.cloudflare.com/v1/acc/gw/workers-ai/v1/chat/completions');
    expect(cloudflareUrl(target('https://gateway.ai.cloudflare.com/v1/acc/gw'), 'embeddings')).toBe('https://gateway.ai.cloudflare.com/v1/acc/gw/workers-ai/v1/embeddings');
  });
});
