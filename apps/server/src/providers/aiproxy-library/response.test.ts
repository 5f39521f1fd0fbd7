import { describe, expect, it } from 'vitest';
import { toChatCompletion } from './response.js';
import { libraryStreamParser } from './stream.js';

const DOCS = [
  { title: 'Pixels', url: 'https://kb.example/pixels' },
  { title: 'Weather', url: 'https://kb.example/weather' },
];

describe('AI Proxy library answers (reference providers.md 19)', () => {
  it('appends the documents as references to the answer', () => {
    expect(toChatCompletion({ success: true, answer: 'A single white pixel.', documents: DOCS }, 'gpt-3.5-turbo', 1)).toEqual({
      id: 'chatcmpl-aiproxy-1',
      object: 'chat.completion',
      created: 1,
      model: 'gpt-3.5-turbo',
      choices: [{ index: 0, message: { role: 'assistant', content: 'A single white pixel.\n\n参考文档：\n1. [Pixels](https://kb.example/pixels)\n2. [Weather](https://kb.example/weather)' }, finish_reason: 'stop' }],
    });
    expect(toChatCompletion({ success: true, answer: 'Plain.', documents: [] }, 'm', 1).choices[0]?.message.content).toBe('Plain.');
  });

  it('streams the content frames, then the references, the finish chunk and [DONE]', () => {
    const parser = libraryStreamParser({ model: 'gpt-3.5-turbo', created: 1 });
    const frames = [
      { content: 'A single', finish: false, model: 'gpt-3.5-turbo', documents: [] },
      { content: ' white pixel.', finish: false, model: 'gpt-3.5-turbo', documents: DOCS },
      { content: '', finish: true, model: 'gpt-3.5-turbo', documents: [] },
    ];
    const events = frames.map((frame) => parser.event(JSON.stringify(frame)));
    const forwarded = events.flatMap((e) => e.forward);
    expect(forwarded.at(-1)).toBe('[DONE]');
    const deltas = forwarded.slice(0, -1).map((f) => (JSON.parse(f) as { choices: { delta: unknown; finish_reason: unknown }[] }).choices[0]);
    expect(deltas).toEqual([
      { index: 0, delta: { role: 'assistant', content: 'A single' }, finish_reason: null },
      { index: 0, delta: { content: ' white pixel.' }, finish_reason: null },
      { index: 0, delta: { content: '\n\n参考文档：\n1. [Pixels](https://kb.example/pixels)\n2. [Weather](https://kb.example/weather)' }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: 'stop' },
    ]);
    expect(events.map((e) => e.text).join('')).toBe('A single white pixel.');
    expect(events.at(-1)?.done).toBe(true);
    expect(parser.end?.()).toEqual({ forward: [], text: '' });
  });

  it('turns a success:false frame into an OpenAI error payload', () => {
    const event = libraryStreamParser({ model: 'm', created: 1 }).event('{"success":false,"errCode":1001,"message":"library not found"}');
    expect(event).toEqual({ forward: ['{"error":{"message":"library not found","type":"upstream_error","code":"bad_response_status_code"}}'], text: '', done: true });
  });
});
