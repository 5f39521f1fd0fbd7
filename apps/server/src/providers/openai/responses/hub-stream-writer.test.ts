import { describe, expect, it } from 'vitest';
import type { AnswerContext } from '../../ingress.js';
import { responseFromHub } from './answer-from-hub.js';
import { responsesStreamWriter } from './hub-stream-writer.js';

const context = (client: Record<string, unknown> = {}): AnswerContext => ({ model: 'm', requestId: 'req-1', estimatedPromptTokens: () => 0, client });
const usage = { promptTokens: 7, completionTokens: 3, cacheReadTokens: 2, reasoningTokens: 1 };
const chunk = (delta: Record<string, unknown>, finish: string | null = null) => JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] });

function events(text: string) {
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((block) => JSON.parse(block.split('\n')[1]?.slice('data: '.length) ?? '{}') as Record<string, unknown>);
}

describe('converted Responses answers', () => {
  it('answers a response cut by the token limit as incomplete (max_output_tokens), with the billed usage', () => {
    const body = Buffer.from(JSON.stringify({ choices: [{ message: { content: 'Hel' }, finish_reason: 'length' }] }));
    const response = JSON.parse(responseFromHub(body, usage, context()).toString()) as Record<string, unknown>;
    expect(response).toMatchObject({
      id: 'resp_req1',
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      usage: { input_tokens: 7, input_tokens_details: { cached_tokens: 2 }, output_tokens: 3, output_tokens_details: { reasoning_tokens: 1 }, total_tokens: 10 },
    });
  });

  it('streams a custom tool call whole once complete, its input unwrapped', () => {
    const writer = responsesStreamWriter(context({ tools: [{ type: 'custom', name: 'apply_patch' }] }));
    let out = writer.chunk(chunk({ tool_calls: [{ index: 0, id: 'call_1', function: { name: 'apply_patch', arguments: '{"inp' } }] }));
    out += writer.chunk(chunk({ tool_calls: [{ index: 0, function: { arguments: 'ut":"*** Begin Patch"}' } }] }, 'tool_calls'));
    out += writer.close(usage, true);
    const all = events(out);
    expect(all.map((event) => event.type)).toEqual(['response.created', 'response.in_progress', 'response.output_item.added', 'response.custom_tool_call_input.done', 'response.output_item.done', 'response.completed']);
    expect(all[4]).toMatchObject({ item: { type: 'custom_tool_call', call_id: 'call_1', name: 'apply_patch', input: '*** Begin Patch' } });
  });

  it('closes each item before the next: two parallel function calls keep their own arguments', () => {
    const writer = responsesStreamWriter(context());
    let out = writer.chunk(chunk({ tool_calls: [{ index: 0, id: 'a', function: { name: 'f', arguments: '{"x"' } }] }));
    out += writer.chunk(chunk({ tool_calls: [{ index: 0, function: { arguments: ':1}' } }] }));
    out += writer.chunk(chunk({ tool_calls: [{ index: 1, id: 'b', function: { name: 'g', arguments: '{}' } }] }, 'tool_calls'));
    out += writer.close(usage, true);
    const done = events(out).filter((event) => event.type === 'response.function_call_arguments.done');
    expect(done).toMatchObject([
      { output_index: 0, name: 'f', arguments: '{"x":1}' },
      { output_index: 1, name: 'g', arguments: '{}' },
    ]);
    expect(events(out).at(-1)).toMatchObject({ type: 'response.completed', response: { output: [{ call_id: 'a' }, { call_id: 'b' }] } });
  });
});

describe("a converted Claude's signed thinking", () => {
  it('goes out in the reasoning item as encrypted_content, and comes back as the thinking blocks when replayed', async () => {
    const { readResponsesRequest } = await import('./request-to-hub.js');
    const writer = responsesStreamWriter(context());
    let out = writer.chunk(chunk({ reasoning_content: 'Let me ' }));
    out += writer.chunk(chunk({ reasoning_content: 'think.' }));
    out += writer.chunk(chunk({ thinking_signature: 'sig-1' }));
    out += writer.chunk(chunk({ redacted_thinking: 'opaque' }));
    out += writer.chunk(chunk({ content: 'Done.' }, 'stop'));
    out += writer.close(usage, true);
    const reasoning = events(out).find((event) => event.type === 'response.output_item.done')?.item as Record<string, unknown>;
    expect(reasoning).toMatchObject({ type: 'reasoning', summary: [{ type: 'summary_text', text: 'Let me think.' }], encrypted_content: expect.stringMatching(/^tollgate\.thinking\.v1:/) as unknown });
    const { hub } = readResponsesRequest({ model: 'm', input: [{ role: 'user', content: 'q' }, reasoning, { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Done.' }] }] });
    expect((hub.messages as unknown[])[1]).toEqual({
      role: 'assistant',
      content: 'Done.',
      reasoning_content: 'Let me think.',
      thinking_blocks: [
        { type: 'thinking', thinking: 'Let me think.', signature: 'sig-1' },
        { type: 'redacted_thinking', data: 'opaque' },
      ],
    });
    const answer = JSON.parse(responseFromHub(Buffer.from(JSON.stringify({ choices: [{ message: { content: 'x', reasoning_content: 'r', thinking_blocks: [{ type: 'thinking', thinking: 'r', signature: 's' }] }, finish_reason: 'stop' }] })), usage, context()).toString()) as { output: Record<string, unknown>[] };
    expect(answer.output[0]?.encrypted_content).toMatch(/^tollgate\.thinking\.v1:/);
  });
});
