import { CHANNEL_TYPES } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import type { RelayMode, UpstreamTarget } from '../adaptor.js';
import { publisherOf, vertexUrl } from './upstream-url.js';

const type = CHANNEL_TYPES.find((t) => t.id === 42);
const target = (fields: Partial<UpstreamTarget> = {}): UpstreamTarget => {
  if (!type) throw new Error('no Vertex AI channel type');
  return { type, key: '', baseUrl: '', other: '', config: {}, settings: {}, ...fields };
};

describe('Vertex AI upstream URL (reference providers.md 4.2)', () => {
  it.each([
    ['us-central1', 'gemini-1.5-pro-002', 'chat', false, 'https://us-central1-aiplatform.googleapis.com/v1/projects/p1/locations/us-central1/publishers/google/models/gemini-1.5-pro-002:generateContent'],
    ['europe-west4', 'gemini-2.0-flash-001', 'chat', true, 'https://europe-west4-aiplatform.googleapis.com/v1/projects/p1/locations/europe-west4/publishers/google/models/gemini-2.0-flash-001:streamGenerateContent?alt=sse'],
    ['global', 'gemini-2.5-flash', 'chat', false, 'https://aiplatform.googleapis.com/v1/projects/p1/locations/global/publishers/google/models/gemini-2.5-flash:generateContent'],
    ['us', 'gemini-2.5-flash', 'chat', false, 'https://aiplatform.us.rep.googleapis.com/v1/projects/p1/locations/us/publishers/google/models/gemini-2.5-flash:generateContent'],
    ['us-east5', 'claude-3-5-sonnet-v2@20241022', 'chat', false, 'https://us-east5-aiplatform.googleapis.com/v1/projects/p1/locations/us-east5/publishers/anthropic/models/claude-3-5-sonnet-v2@20241022:rawPredict'],
    ['us-east5', 'claude-sonnet-4-5@20250929', 'chat', true, 'https://us-east5-aiplatform.googleapis.com/v1/projects/p1/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929:streamRawPredict'],
    ['global', 'claude-sonnet-4-5@20250929', 'chat', false, 'https://aiplatform.googleapis.com/v1/projects/p1/locations/global/publishers/anthropic/models/claude-sonnet-4-5@20250929:rawPredict'],
    ['us-central1', 'text-embedding-005', 'embeddings', false, 'https://us-central1-aiplatform.googleapis.com/v1/projects/p1/locations/us-central1/publishers/google/models/text-embedding-005:predict'],
  ] as const)('region %s, %s (%s, stream %s) goes to %s', (region, model, mode, stream, url) => {
    expect(vertexUrl(target({ config: { region } }), 'p1', mode as RelayMode, model, stream)).toBe(url);
  });

  it('defaults to us-central1 when the channel names no region', () => {
    expect(vertexUrl(target(), 'p1', 'chat', 'gemini-pro', false)).toBe('https://us-central1-aiplatform.googleapis.com/v1/projects/p1/locations/us-central1/publishers/google/models/gemini-pro:generateContent');
  });

  it("lets the channel's base URL replace the host and keep the path", () => {
    expect(vertexUrl(target({ baseUrl: 'http://127.0.0.1:8080/', config: { region: 'us-east5' } }), 'p1', 'chat', 'claude-3-haiku@20240307', true)).toBe(
      'http://127.0.0.1:8080/v1/projects/p1/locations/us-east5/publishers/anthropic/models/claude-3-haiku@20240307:streamRawPredict',
    );
  });

  it.each([
    ['claude-3-opus@20240229', 'anthropic'],
    ['Claude-3-haiku@20240307', 'anthropic'],
    ['gemini-pro', 'google'],
    ['text-embedding-005', 'google'],
  ] as const)('%s is published by %s', (model, publisher) => {
    expect(publisherOf(model)).toBe(publisher);
  });
});
