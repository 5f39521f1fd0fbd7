import { describe, expect, it } from 'vitest';
import { canonicalRequest, canonicalRequestWithToolTurn } from '../../../test/canonical-request.js';
import { cozeUser, toCozeRequest } from './request.js';

describe('Coze v2 request conversion (reference providers.md 14.1)', () => {
  it('sends the canonical request as the query to the bot: no system prompt, tools, image or sampling', () => {
    expect(toCozeRequest(canonicalRequest('bot-7379462189365198898'), 'bot-7379462189365198898', false, 'u-123')).toEqual({
      bot_id: '7379462189365198898',
      user: 'u-123',
      query: 'What is in this image? Also get the weather in Paris.',
      stream: false,
    });
  });

  it('puts the turns before the last user message in chat_history, answers typed as answer', () => {
    const body = {
      messages: [
        { role: 'system', content: 'ignored' },
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: [{ type: 'text', text: 'and now?' }] },
      ],
    };
    expect(toCozeRequest(body, 'bot-42', true, 'u')).toEqual({
      bot_id: '42',
      user: 'u',
      query: 'and now?',
      stream: true,
      chat_history: [
        { role: 'user', content: 'hi', content_type: 'text' },
        { role: 'assistant', type: 'answer', content: 'Hello!', content_type: 'text' },
      ],
    });
  });

  it('drops the tool turn, which a bot cannot take, and keeps asking the last user message', () => {
    expect(toCozeRequest(canonicalRequestWithToolTurn('bot-1'), 'bot-1', false, 'u')).toEqual({ bot_id: '1', user: 'u', query: 'What is in this image? Also get the weather in Paris.', stream: false });
  });

  it('takes the user from config user_id, then from the request, then a fixed one', () => {
    expect(cozeUser({ user_id: ' cfg ' }, { user: 'client' })).toBe('cfg');
    expect(cozeUser({}, { user: 'client' })).toBe('client');
    expect(cozeUser({}, {})).toBe('tollgate');
  });
});
