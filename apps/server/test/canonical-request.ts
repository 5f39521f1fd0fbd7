/**
 * The canonical OpenAI request of reference providers.md 0.1, which every protocol's request conversion
 * is tested on: a system prompt, a text and an inline image, and one tool.
 */

/** The valid 1×1 PNG of the reference, base64. */
export const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Get current weather for a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};

/** The first turn: what is in this image, and the weather in Paris. */
export function canonicalRequest(model: string) {
  return {
    model,
    messages: [
      { role: 'system', content: 'You are a concise assistant.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in this image? Also get the weather in Paris.' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_1X1}` } },
        ],
      },
    ] as Record<string, unknown>[],
    tools: [weatherTool],
    max_tokens: 512,
    temperature: 0.7,
  };
}

/** The second turn appended where tool results matter: the call and its result. */
export const toolTurn: Record<string, unknown>[] = [
  { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
  { role: 'tool', tool_call_id: 'call_1', content: '{"temp_c":18,"sky":"clear"}' },
];

/** The canonical request with its second turn. */
export function canonicalRequestWithToolTurn(model: string) {
  const request = canonicalRequest(model);
  return { ...request, messages: [...request.messages, ...toolTurn] };
}
