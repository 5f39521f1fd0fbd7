import { describe, expect, it } from 'vitest';
import { InvalidChatRequest, validateChatRequest } from './validate-chat.js';

const refusal = (body: Record<string, unknown>) => {
  try {
    validateChatRequest(body);
  } catch (error) {
    if (error instanceof InvalidChatRequest) return { field: error.field, message: error.message };
    throw error;
  }
  return undefined;
};

describe('the Chat request shape the conversions read', () => {
  it('passes a request of every kind of content, with values and fields it does not know', () => {
    const body = {
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'image_url', image_url: { url: 'data:,' } }], vendor_field: 1 },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'c1', content: '42' },
      ],
      tools: [{ type: 'function', function: { name: 'f', parameters: {} } }],
    };
    expect(refusal(body)).toBeUndefined();
    expect(refusal({ model: 'gpt-4o' })).toBeUndefined();
    expect(refusal({ messages: [], tools: null })).toBeUndefined();
  });

  it.each([
    [{ messages: 'hi' }, 'messages', 'expected an array, but got a string instead.'],
    [{ messages: [{ role: 'user', content: 'a' }, 'b'] }, 'messages[1]', 'expected an object, but got a string instead.'],
    [{ messages: [{ role: 'user', content: { text: 'a' } }] }, 'messages[0].content', 'expected an array, but got an object instead.'],
    [{ messages: [{ role: 'user', content: [{ type: 'text', text: 'a' }, null] }] }, 'messages[0].content[1]', 'expected an object, but got null instead.'],
    [{ messages: [{ role: 'assistant', tool_calls: {} }] }, 'messages[0].tool_calls', 'expected an array, but got an object instead.'],
    [{ messages: [{ role: 'assistant', tool_calls: [[]] }] }, 'messages[0].tool_calls[0]', 'expected an object, but got an array instead.'],
    [{ messages: [{ role: 'assistant', tool_calls: [{ function: 'f' }] }] }, 'messages[0].tool_calls[0].function', 'expected an object, but got a string instead.'],
    [{ tools: {} }, 'tools', 'expected an array, but got an object instead.'],
    [{ tools: [{ type: 'function', function: {} }, 3] }, 'tools[1]', 'expected an object, but got a number instead.'],
    [{ tools: [{ type: 'function', function: [] }] }, 'tools[0].function', 'expected an object, but got an array instead.'],
  ])('refuses %j naming %s as OpenAI does', (body, field, problem) => {
    expect(refusal(body)).toEqual({ field, message: `Invalid type for '${field}': ${problem}` });
  });
});
