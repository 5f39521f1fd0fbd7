import { describe, expect, it } from 'vitest';
import { StreamSplitter } from '../../relay/streaming/sse-lines.js';
import { cozeStreamParser } from './stream.js';

/** The v2 frames of reference providers.md 14.1, as sent: `data:` with no space. */
const FIXTURE = [
  'data:{"event":"message","message":{"role":"assistant","type":"answer","content":"A single","content_type":"text"},"is_finish":false,"index":0,"conversation_id":"conv1"}',
  'data:{"event":"message","message":{"role":"assistant","type":"answer","content":" white pixel.","content_type":"text"},"is_finish":false,"index":0,"conversation_id":"conv1"}',
  'data:{"event":"message","message":{"role":"assistant","type":"answer","content":"","content_type":"text"},"is_finish":true,"index":0,"conversation_id":"conv1"}',
  'data:{"event":"message","message":{"role":"assistant","type":"follow_up","content":"What else?","content_type":"text"},"is_finish":true,"index":1,"conversation_id":"conv1"}',
  'data:{"event":"done"}',
].join('\n\n') + '\n\n';

const run = (bytes: string) => {
  const parser = cozeStreamParser({ model: 'bot-1', created: 1 });
  const splitter = new StreamSplitter('sse');
  const events = [...splitter.push(Buffer.from(bytes)), ...splitter.end()].map((data) => parser.event(data));
  const last = parser.end?.();
  if (last) events.push(last);
  return events;
};

describe('Coze v2 stream conversion (reference providers.md 14.1)', () => {
  it('turns answer frames into chunks, drops the follow-up, and finishes on done', () => {
    const events = run(FIXTURE);
    const forwarded = events.flatMap((e) => e.forward);
    expect(forwarded.at(-1)).toBe('[DONE]');
    const chunks = forwarded.slice(0, -1).map((f) => JSON.parse(f) as { id: string; choices: { delta: { role?: string; content?: string }; finish_reason: string | null }[] });
    expect(chunks.map((c) => c.choices[0]?.delta)).toEqual([{ role: 'assistant', content: 'A single' }, { content: ' white pixel.' }, {}]);
    expect(chunks.map((c) => c.choices[0]?.finish_reason)).toEqual([null, null, 'stop']);
    expect(chunks[0]?.id).toBe('chatcmpl-conv1');
    expect(events.map((e) => e.text).join('')).toBe('A single white pixel.');
    expect(events.some((e) => e.done)).toBe(true);
  });

  it('finishes a stream cut before done', () => {
    const forwarded = run(FIXTURE.split('data:{"event":"message","message":{"role":"assistant","type":"answer","content":""')[0] ?? '').flatMap((e) => e.forward);
    expect(forwarded.at(-1)).toBe('[DONE]');
    expect(JSON.parse(forwarded.at(-2) ?? '{}')).toMatchObject({ choices: [{ finish_reason: 'stop' }] });
  });

  it('turns an error event into an OpenAI error payload', () => {
    const events = run('data:{"event":"error","error_information":{"code":4101,"msg":"token is invalid"}}\n\n');
    expect(events[0]).toEqual({ forward: [JSON.stringify({ error: { message: 'token is invalid', type: 'authentication_error', code: 'invalid_api_key' } })], text: '', done: true });
  });
});
