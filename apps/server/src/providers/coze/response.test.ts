import { describe, expect, it } from 'vitest';
import { toChatCompletion } from './response.js';

describe('Coze v2 response conversion (reference providers.md 14.1)', () => {
  it('takes the answer message and leaves the follow-up and verbose ones out', () => {
    const response = {
      conversation_id: 'conv1',
      messages: [
        { role: 'assistant', type: 'function_call', content: '{"name":"weather"}', content_type: 'text' },
        { role: 'assistant', type: 'answer', content: 'A single white pixel.', content_type: 'text' },
        { role: 'assistant', type: 'verbose', content: '{"msg_type":"generate_answer_finish"}', content_type: 'text' },
        { role: 'assistant', type: 'follow_up', content: 'What else?', content_type: 'text' },
      ],
      code: 0,
      msg: 'success',
    };
    expect(toChatCompletion(response, 'bot-1', 1700000000)).toEqual({
      id: 'chatcmpl-conv1',
      object: 'chat.completion',
      created: 1700000000,
      model: 'bot-1',
      choices: [{ index: 0, message: { role: 'assistant', content: 'A single white pixel.' }, finish_reason: 'stop' }],
    });
  });
});
