import { CHANNEL_TYPES } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { canonicalRequest, canonicalRequestWithToolTurn } from '../../../test/canonical-request.js';
import type { AdaptorRequest } from '../adaptor.js';
import { palmAdaptor } from './adaptor.js';
import { toPalmRequest } from './request.js';

const type = CHANNEL_TYPES.find((t) => t.id === 11);

const adaptorRequest = (model: string, body: object, baseUrl = ''): AdaptorRequest => {
  if (!type) throw new Error('no PaLM channel type');
  return { target: { type, key: 'AIza-palm', baseUrl, other: '', config: {}, settings: {} }, mode: 'chat', path: '/v1/chat/completions', model, stream: false, body: Buffer.from(JSON.stringify(body)), contentType: 'application/json' };
};

describe('PaLM 2 request conversion (reference providers.md 6)', () => {
  it('converts the canonical request: system to context, text only, tools and images left out', () => {
    expect(toPalmRequest(canonicalRequest('PaLM-2'))).toEqual({
      prompt: { context: 'You are a concise assistant.', messages: [{ author: '0', content: 'What is in this image? Also get the weather in Paris.' }] },
      temperature: 0.7,
    });
  });

  it('keeps the two authors alternating, merging consecutive turns of one side, tool results as text', () => {
    const body = { ...canonicalRequestWithToolTurn('PaLM-2'), messages: [...canonicalRequestWithToolTurn('PaLM-2').messages, { role: 'assistant', content: 'Sunny, 18°C.' }, { role: 'user', content: 'Thanks' }, { role: 'user', content: 'And Rome?' }] };
    expect(toPalmRequest({ ...body, n: 2, top_p: 0.95, top_k: 40 })).toEqual({
      prompt: {
        context: 'You are a concise assistant.',
        messages: [
          { author: '0', content: 'What is in this image? Also get the weather in Paris.\n{"temp_c":18,"sky":"clear"}' },
          { author: '1', content: 'Sunny, 18°C.' },
          { author: '0', content: 'Thanks\nAnd Rome?' },
        ],
      },
      temperature: 0.7,
      candidateCount: 2,
      topP: 0.95,
      topK: 40,
    });
  });

  it("posts to generateMessage with Google's key header; one-api's PaLM-2 is chat-bison-001", () => {
    const built = palmAdaptor.buildRequest(adaptorRequest('PaLM-2', canonicalRequest('PaLM-2')));
    expect(built.url).toBe('https://generativelanguage.googleapis.com/v1beta2/models/chat-bison-001:generateMessage');
    expect(built.headers['x-goog-api-key']).toBe('AIza-palm');
    expect(palmAdaptor.buildRequest(adaptorRequest('chat-bison-001', canonicalRequest('x'), 'http://127.0.0.1:9/')).url).toBe('http://127.0.0.1:9/v1beta2/models/chat-bison-001:generateMessage');
  });

  it('declares it cannot stream, so the relay refuses a stream request clearly', () => {
    expect(palmAdaptor.streamParser).toBeUndefined();
    expect(palmAdaptor.modes).toEqual(['chat']);
  });
});
