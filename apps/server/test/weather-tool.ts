import type OpenAI from 'openai';
import { readChatStream, type ChatStreamRead } from './chat-stream.js';

/** The one tool the provider tests offer; the fakes answer it with a call for Paris. */
export const weatherTool: OpenAI.ChatCompletionFunctionTool = {
  type: 'function',
  function: { name: 'get_weather', description: 'Get current weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

export const askWeather: OpenAI.ChatCompletionUserMessageParam = { role: 'user', content: 'Weather in Paris?' };
export const WEATHER_RESULT = '{"temp_c":18}';

export interface WeatherRoundTrip<R> {
  /** The first, non-streamed answer (expected to be the tool call) and the call it carries. */
  first: OpenAI.ChatCompletion.Choice | undefined;
  call: OpenAI.ChatCompletionMessageToolCall | undefined;
  /** What the upstream received for the first request. */
  firstSent: R | undefined;
  /** The same question streamed. */
  streamed: ChatStreamRead;
  /** The answer to the conversation that sends the tool's result back, and what the upstream received for it. */
  second: OpenAI.ChatCompletion.Choice | undefined;
  secondSent: R | undefined;
}

/**
 * A client's whole tool conversation, as every protocol must carry it: ask (the model calls the tool), ask
 * streamed, then send the call and its result back. Returns each step with the request the upstream saw, so
 * the test asserts the vendor's wire format of each.
 */
export async function weatherToolRoundTrip<R>(
  client: OpenAI,
  upstream: { received: readonly R[] },
  request: { model: string; tool_choice?: OpenAI.ChatCompletionToolChoiceOption },
): Promise<WeatherRoundTrip<R>> {
  const first = (await client.chat.completions.create({ ...request, messages: [askWeather], tools: [weatherTool] })).choices[0];
  const call = first?.message.tool_calls?.[0];
  const firstSent = upstream.received.at(-1);
  const streamed = await readChatStream(await client.chat.completions.create({ model: request.model, messages: [askWeather], tools: [weatherTool], stream: true }));
  const answered = await client.chat.completions.create({
    model: request.model,
    tools: [weatherTool],
    messages: [askWeather, { role: 'assistant', content: null, tool_calls: call ? [call] : [] }, { role: 'tool', tool_call_id: call?.id ?? '', content: WEATHER_RESULT }],
  });
  return { first, call, firstSent, streamed, second: answered.choices[0], secondSent: upstream.received.at(-1) };
}
