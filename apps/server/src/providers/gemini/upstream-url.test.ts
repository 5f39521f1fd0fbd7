import { CHANNEL_TYPES } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import type { UpstreamTarget } from '../adaptor.js';
import { geminiUrl } from './upstream-url.js';

const type = CHANNEL_TYPES.find((t) => t.id === 24);
const target = (fields: Partial<UpstreamTarget> = {}): UpstreamTarget => {
  if (!type) throw new Error('no Gemini channel type');
  return { type, key: 'k', baseUrl: '', other: '', config: {}, settings: {}, ...fields };
};
const GOOGLE = 'https://generativelanguage.googleapis.com';

describe('Gemini upstream URL (reference one-api.md 2.3)', () => {
  it('falls back to GEMINI_VERSION for models that do not need v1beta', () => {
    expect(geminiUrl(target({ settings: { GEMINI_VERSION: 'v1beta' } }), 'chat', 'gemini-pro', false)).toBe(`${GOOGLE}/v1beta/models/gemini-pro:generateContent`);
  });

  it.each([
    ['gemini-pro', 'chat', false, `${GOOGLE}/v1/models/gemini-pro:generateContent`],
    ['gemini-1.5-flash', 'chat', false, `${GOOGLE}/v1beta/models/gemini-1.5-flash:generateContent`],
    ['gemini-2.0-flash', 'chat', true, `${GOOGLE}/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse`],
    ['gemini-2.5-pro', 'chat', false, `${GOOGLE}/v1beta/models/gemini-2.5-pro:generateContent`],
    ['text-embedding-004', 'embeddings', false, `${GOOGLE}/v1/models/text-embedding-004:batchEmbedContents`],
  ] as const)('%s (%s, stream %s) goes to %s', (model, mode, stream, url) => {
    expect(geminiUrl(target(), mode, model, stream)).toBe(url);
  });

  it("lets the channel's api_version (config, then other) and base URL win", () => {
    expect(geminiUrl(target({ baseUrl: 'http://proxy.local/', config: { api_version: 'v1alpha' } }), 'chat', 'gemini-1.5-flash', false)).toBe('http://proxy.local/v1alpha/models/gemini-1.5-flash:generateContent');
    expect(geminiUrl(target({ other: 'v1beta' }), 'chat', 'gemini-pro', false)).toBe(`${GOOGLE}/v1beta/models/gemini-pro:generateContent`);
  });
});
