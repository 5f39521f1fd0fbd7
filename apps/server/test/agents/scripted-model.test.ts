import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINAL_TEXT, SIDE_TEXT } from './coding-script.js';
import { ScriptedModel } from './scripted-model.js';

/**
 * The scripted model read by the official SDKs, streamed and not, in each protocol: agents only ever stream,
 * but Tollgate may call an upstream either way. An answer a strict client cannot read would fail every agent
 * test at once, far from its cause.
 */
const PARAMETERS = { type: 'object' as const, properties: { command: { type: 'string' } } };
const CALL = { command: 'echo tollgate-one', description: 'Print a marker' };

describe('The scripted model', () => {
  let model: ScriptedModel;
  beforeAll(async () => {
    model = await new ScriptedModel().start();
  });
  afterAll(() => model.stop());

  const openai = () => new OpenAI({ apiKey: 'sk-upstream', baseURL: `${model.baseUrl}/v1`, maxRetries: 0 });
  const anthropic = () => new Anthropic({ apiKey: 'sk-ant-upstream', baseURL: model.baseUrl, maxRetries: 0 });
  const gemini = () => new GoogleGenAI({ apiKey: 'AIza-upstream', httpOptions: { baseUrl: model.baseUrl } });

  it('calls the shell tool in Chat Completions, and answers tool-less requests with text', async () => {
    const body = { model: 'gpt-5.2', messages: [{ role: 'user' as const, content: 'go' }], tools: [{ type: 'function' as const, function: { name: 'bash', parameters: PARAMETERS } }] };
    const whole = await openai().chat.completions.create(body);
    const streamed = await openai().chat.completions.stream(body).finalChatCompletion();
    for (const answer of [whole, streamed]) expect(answer.choices[0]?.message.tool_calls?.[0]).toMatchObject({ type: 'function', function: { name: 'bash', arguments: JSON.stringify(CALL) } });
    expect(whole.usage).toMatchObject({ prompt_tokens: 1200, completion_tokens: 30 });
    const side = await openai().chat.completions.create({ model: 'gpt-5.2', messages: [{ role: 'user', content: 'title?' }] });
    expect(side.choices[0]?.message.content).toBe(SIDE_TEXT);
  });

  it('calls the shell tool in Responses and answers with both outputs once it has them', async () => {
    const tools = [{ type: 'function' as const, name: 'exec_command', parameters: PARAMETERS, strict: false }];
    const first = await openai().responses.create({ model: 'gpt-5.2', input: 'go', tools });
    expect(first.output[0]).toMatchObject({ type: 'function_call', name: 'exec_command', arguments: '{"cmd":"echo tollgate-one"}' });
    const history = ['one', 'two'].flatMap((n, i) => [
      { type: 'function_call' as const, call_id: `c${i}`, name: 'exec_command', arguments: `{"cmd":"echo tollgate-${n}"}` },
      { type: 'function_call_output' as const, call_id: `c${i}`, output: `Output:\ntollgate-${n}\n` },
    ]);
    const last = await openai().responses.stream({ model: 'gpt-5.2', input: [{ role: 'user', content: 'go' }, ...history], tools }).finalResponse();
    expect(last.output_text).toBe(FINAL_TEXT);
    expect(last.usage).toMatchObject({ input_tokens: 1200, output_tokens: 30 });
  });

  it('calls the shell tool in Anthropic Messages', async () => {
    const body = { model: 'claude-sonnet-4-6', max_tokens: 100, messages: [{ role: 'user' as const, content: 'go' }], tools: [{ name: 'Bash', input_schema: PARAMETERS }] };
    const whole = await anthropic().messages.create(body);
    const streamed = await anthropic().messages.stream(body).finalMessage();
    for (const answer of [whole, streamed]) expect(answer).toMatchObject({ stop_reason: 'tool_use', content: [{ type: 'tool_use', name: 'Bash', input: CALL }], usage: { output_tokens: 30 } });
    expect(streamed.usage.input_tokens).toBe(1200);
  });

  it('refuses a tool history the vendor refuses, as the vendor does', async () => {
    const system = anthropic().messages.create({ model: 'claude-sonnet-4-6', max_tokens: 100, messages: [{ role: 'user', content: 'go' }, { role: 'system' as 'user', content: 'be brief' }] });
    await expect(system).rejects.toMatchObject({ status: 400, error: { error: { message: "messages.1.role: Input should be 'user' or 'assistant'" } } });
    const orphan = openai().chat.completions.create({ model: 'gpt-5.2', messages: [{ role: 'user', content: 'go' }, { role: 'tool', tool_call_id: 'call_x', content: 'tollgate-one' }] });
    await expect(orphan).rejects.toMatchObject({ status: 400 });
    expect(model.received.at(-1)?.path).toBe('/v1/chat/completions');
  });

  it('calls the shell tool in Gemini', async () => {
    const request = { model: 'gemini-2.5-pro', contents: 'go', config: { tools: [{ functionDeclarations: [{ name: 'run_shell_command', parametersJsonSchema: PARAMETERS }] }] } };
    const whole = await gemini().models.generateContent(request);
    let last: typeof whole | undefined;
    for await (const chunk of await gemini().models.generateContentStream(request)) last = chunk;
    for (const answer of [whole, last]) expect(answer?.functionCalls).toEqual([{ name: 'run_shell_command', args: CALL }]);
    expect(whole.usageMetadata).toMatchObject({ promptTokenCount: 1200, candidatesTokenCount: 30 });
    expect(model.requests.map((r) => `${r.protocol} ${r.stream} ${r.key}`).slice(-2)).toEqual(['gemini false AIza-upstream', 'gemini true AIza-upstream']);
  });
});
