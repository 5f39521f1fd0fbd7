import { expect } from 'vitest';

/**
 * A json_schema response format on a Claude model, which has no such parameter: the Anthropic adaptor
 * (directly, on Bedrock, on Vertex) forces one `structured_output` tool whose input schema is the format's,
 * and hands the tool's input back as the message content. The fakes answer a forced tool with {city: Paris}.
 */
export const CITY_FORMAT = { type: 'json_schema', json_schema: { name: 'city', schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } };

/** What the upstream was sent (its JSON body) and what the client was answered, not streamed. */
export async function expectEmulatedAnswer(sentJson: unknown, response: Response): Promise<void> {
  const sent = sentJson as { tools?: { name: string; input_schema: unknown }[]; tool_choice?: unknown };
  expect(sent.tools).toEqual([expect.objectContaining({ name: 'structured_output', input_schema: CITY_FORMAT.json_schema.schema })]);
  expect(sent.tool_choice).toEqual({ type: 'tool', name: 'structured_output' });
  const answer = (await response.json()) as { choices: { message: { content: string; tool_calls?: unknown }; finish_reason: string }[] };
  expect(answer.choices[0]?.finish_reason).toBe('stop');
  expect(answer.choices[0]?.message.tool_calls).toBeUndefined();
  expect(JSON.parse(answer.choices[0]?.message.content ?? '')).toEqual({ city: 'Paris' });
}

/** The streamed answer: the object as content deltas, no tool call, one `stop`. */
export async function expectEmulatedStream(response: Response): Promise<void> {
  const chunks = (await response.text())
    .split('\n\n')
    .filter((line) => line.startsWith('data: {'))
    .map((line) => JSON.parse(line.slice(6)) as { choices: { delta: { content?: string; tool_calls?: unknown }; finish_reason: string | null }[] });
  expect(JSON.parse(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join(''))).toEqual({ city: 'Paris' });
  expect(chunks.some((chunk) => chunk.choices[0]?.delta.tool_calls)).toBe(false);
  expect(chunks.map((chunk) => chunk.choices[0]?.finish_reason).filter(Boolean)).toEqual(['stop']);
}
