import fc from 'fast-check';

/**
 * Valid requests of every client protocol, as fast-check arbitraries written from each protocol's request
 * types (providers/anthropic/ingress/request-types.ts, providers/gemini/ingress/request-types.ts,
 * providers/openai/responses/request-types.ts, and OpenAI Chat as the hub reads it): every field the
 * conversions read, each block, part and item kind, so that a mutation of any one of them (ingress-fuzz.test.ts)
 * reaches the code that reads it. Images are data URLs: a linked image would make the relay fetch it.
 */

const text = fc.string({ maxLength: 12 });
const PNG = 'iVBORw0KGgo=';
const DATA_URL = `data:image/png;base64,${PNG}`;
const TOOL = 'get_weather';
const CALL_ID = 'call_1';

/** A JSON Schema of tool parameters, flat or nested a little. */
const jsonSchema: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.constant({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
  fc.constant({ type: 'object', properties: {} }),
  fc.constant({ type: 'object', properties: { place: { type: ['object', 'null'], properties: { city: { type: 'string', enum: ['Paris'] } } }, days: { type: 'array', items: { type: 'integer' } } }, additionalProperties: false }),
);

/** Google's Schema (upper-case types, nullable, int64 limits as strings). */
const googleSchema = fc.oneof(
  fc.constant({ type: 'OBJECT', properties: { city: { type: 'STRING', nullable: true } }, required: ['city'], propertyOrdering: ['city'] }),
  fc.constant({ type: 'OBJECT', properties: { days: { type: 'ARRAY', items: { type: 'INTEGER', minimum: '1' }, maxItems: '7' }, unit: { anyOf: [{ type: 'STRING' }, { type: 'NUMBER' }] } } }),
);

const jsonArgs = fc.dictionary(fc.constantFrom('city', 'days', 'unit'), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });

// ---------- Anthropic Messages ----------

const cache = fc.constant({ type: 'ephemeral' });
const textBlock = fc.record({ type: fc.constant('text'), text, cache_control: cache }, { requiredKeys: ['type', 'text'] });
const imageBlock = fc.record({
  type: fc.constant('image'),
  source: fc.oneof(fc.constant({ type: 'base64', media_type: 'image/png', data: PNG }), fc.constant({ type: 'url', url: DATA_URL }), fc.constant({ type: 'file', file_id: 'file_1' })),
});
const documentBlock = fc.record(
  {
    type: fc.constant('document'),
    source: fc.oneof(fc.record({ type: fc.constant('text'), media_type: fc.constant('text/plain'), data: text }), fc.constant({ type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' })),
    title: text,
  },
  { requiredKeys: ['type', 'source'] },
);
const toolUseBlock = fc.record({ type: fc.constant('tool_use'), id: fc.constant('toolu_1'), name: fc.constant(TOOL), input: jsonArgs });
const toolResultBlock = fc.record(
  { type: fc.constant('tool_result'), tool_use_id: fc.constant('toolu_1'), content: fc.oneof(text, fc.array(fc.oneof(textBlock, imageBlock), { maxLength: 2 })), is_error: fc.boolean(), cache_control: cache },
  { requiredKeys: ['type', 'tool_use_id'] },
);
const thinkingBlock = fc.oneof(fc.record({ type: fc.constant('thinking'), thinking: text, signature: fc.constant('sig') }), fc.constant({ type: 'redacted_thinking', data: 'abc' }));
const newerBlock = fc.constant({ type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [] });

const anthropicUserBlocks = fc.array(fc.oneof(textBlock, imageBlock, documentBlock, toolResultBlock, newerBlock), { minLength: 1, maxLength: 3 });
const anthropicAssistantBlocks = fc.array(fc.oneof(textBlock, toolUseBlock, thinkingBlock), { minLength: 1, maxLength: 3 });
const anthropicMessages = fc.array(
  fc.oneof(
    fc.record({ role: fc.constant('user'), content: fc.oneof(text, anthropicUserBlocks) }),
    fc.record({ role: fc.constant('assistant'), content: fc.oneof(text, anthropicAssistantBlocks) }),
    fc.record({ role: fc.constant('system'), content: text }),
  ),
  { minLength: 1, maxLength: 4 },
);
const anthropicTool = fc.oneof(
  fc.record({ name: fc.constant(TOOL), description: text, input_schema: jsonSchema, cache_control: cache }, { requiredKeys: ['name', 'input_schema'] }),
  fc.record({ type: fc.constant('web_search_20250305'), name: fc.constant('web_search'), max_uses: fc.nat(5) }, { requiredKeys: ['type', 'name'] }),
  fc.constant({ type: 'bash_20250124', name: 'bash' }),
);

export const anthropicRequest = (models: string[], countOnly: boolean) =>
  fc.record(
    {
      model: fc.constantFrom(...models),
      max_tokens: fc.integer({ min: 1, max: 200 }),
      messages: anthropicMessages,
      system: fc.oneof(text, fc.array(textBlock, { maxLength: 2 })),
      tools: fc.array(anthropicTool, { maxLength: 2 }),
      tool_choice: fc.oneof(fc.constant({ type: 'auto' }), fc.constant({ type: 'any' }), fc.constant({ type: 'none' }), fc.record({ type: fc.constant('tool'), name: fc.constant(TOOL), disable_parallel_tool_use: fc.boolean() })),
      thinking: fc.oneof(fc.constant({ type: 'enabled', budget_tokens: 1024 }), fc.constant({ type: 'disabled' }), fc.constant({ type: 'adaptive' })),
      output_config: fc.record({ effort: fc.constantFrom('low', 'medium', 'high', 'max') }),
      metadata: fc.record({ user_id: text }),
      stop_sequences: fc.array(text, { maxLength: 2 }),
      temperature: fc.double({ min: 0, max: 1, noNaN: true }),
      top_p: fc.double({ min: 0, max: 1, noNaN: true }),
      top_k: fc.integer({ min: 1, max: 50 }),
      stream: fc.boolean(),
      context_management: fc.constant({ edits: [] }),
    },
    { requiredKeys: countOnly ? ['model', 'messages'] : ['model', 'max_tokens', 'messages'] },
  );

// ---------- Gemini ----------

const geminiPart = fc.oneof(
  fc.record({ text }),
  fc.record({ text, thought: fc.constant(true), thoughtSignature: fc.constant('c2ln') }),
  fc.record({ inlineData: fc.record({ mimeType: fc.constantFrom('image/png', 'application/pdf', 'audio/wav', 'text/plain', 'video/mp4'), data: fc.constant('aGk=') }) }),
  fc.record({ fileData: fc.record({ mimeType: fc.constantFrom('image/png', 'video/mp4'), fileUri: fc.constant('gs://bucket/a.png') }, { requiredKeys: ['fileUri'] }) }),
  fc.record({ functionCall: fc.record({ name: fc.constant(TOOL), args: jsonArgs, id: fc.constant(CALL_ID) }, { requiredKeys: ['name'] }), thoughtSignature: fc.constant('c2ln') }, { requiredKeys: ['functionCall'] }),
  fc.record({
    functionResponse: fc.record(
      { name: fc.constant(TOOL), response: fc.oneof(fc.record({ output: text }), fc.record({ error: text }), jsonArgs), id: fc.constant(CALL_ID), parts: fc.constant([{ inlineData: { mimeType: 'image/png', data: PNG } }]) },
      { requiredKeys: ['name', 'response'] },
    ),
  }),
  fc.record({ executableCode: fc.record({ language: fc.constant('PYTHON'), code: text }) }),
  fc.record({ codeExecutionResult: fc.record({ outcome: fc.constant('OUTCOME_OK'), output: text }) }),
);
const geminiContents = fc.array(fc.record({ role: fc.constantFrom('user', 'model'), parts: fc.array(geminiPart, { minLength: 1, maxLength: 3 }) }, { requiredKeys: ['parts'] }), { minLength: 1, maxLength: 4 });
const geminiTool = fc.oneof(
  fc.record({
    functionDeclarations: fc.array(
      fc.record({ name: fc.constant(TOOL), description: text, parameters: googleSchema, parametersJsonSchema: jsonSchema }, { requiredKeys: ['name'] }),
      { minLength: 1, maxLength: 2 },
    ),
  }),
  fc.constant({ googleSearch: {} }),
  fc.constant({ codeExecution: {} }),
);
const generationConfig = fc.record({
  temperature: fc.double({ min: 0, max: 2, noNaN: true }),
  topP: fc.double({ min: 0, max: 1, noNaN: true }),
  topK: fc.integer({ min: 1, max: 40 }),
  candidateCount: fc.constant(1),
  maxOutputTokens: fc.integer({ min: 1, max: 200 }),
  stopSequences: fc.array(text, { maxLength: 2 }),
  responseMimeType: fc.constantFrom('text/plain', 'application/json'),
  responseSchema: googleSchema,
  responseJsonSchema: jsonSchema,
  thinkingConfig: fc.record({ thinkingBudget: fc.integer({ min: -1, max: 2048 }), thinkingLevel: fc.constantFrom('LOW', 'HIGH'), includeThoughts: fc.boolean() }),
});

export const geminiGenerateRequest = fc.record(
  {
    contents: geminiContents,
    systemInstruction: fc.oneof(text, fc.record({ parts: fc.array(fc.record({ text }), { minLength: 1, maxLength: 2 }) })),
    tools: fc.array(geminiTool, { maxLength: 2 }),
    toolConfig: fc.record({ functionCallingConfig: fc.record({ mode: fc.constantFrom('AUTO', 'ANY', 'NONE'), allowedFunctionNames: fc.constant([TOOL]) }, { requiredKeys: [] }) }),
    generationConfig,
    safetySettings: fc.constant([{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }]),
  },
  { requiredKeys: ['contents'] },
);

export const geminiCountRequest = fc.oneof(
  fc.record({ contents: geminiContents }),
  geminiGenerateRequest.map((request) => ({ generateContentRequest: { model: 'models/x', ...request } })),
);

const embedContent = fc.record({ content: fc.record({ parts: fc.array(fc.record({ text }), { minLength: 1, maxLength: 2 }) }), outputDimensionality: fc.integer({ min: 1, max: 768 }), taskType: fc.constant('RETRIEVAL_QUERY') }, { requiredKeys: ['content'] });
export const geminiEmbedRequest = embedContent;
export const geminiBatchEmbedRequest = (model: string) => fc.record({ requests: fc.array(embedContent.map((request) => ({ model: `models/${model}`, ...request })), { minLength: 1, maxLength: 3 }) });

// ---------- OpenAI Responses ----------

const responsesPart = fc.oneof(
  fc.record({ type: fc.constantFrom('input_text', 'output_text'), text }),
  fc.record({ type: fc.constant('input_image'), image_url: fc.constant(DATA_URL), detail: fc.constantFrom('auto', 'low') }, { requiredKeys: ['type', 'image_url'] }),
  fc.constant({ type: 'input_file', file_id: 'file_1' }),
  fc.record({ type: fc.constant('refusal'), refusal: text }),
);
const responsesItem = fc.oneof(
  fc.record({ type: fc.constant('message'), role: fc.constantFrom('user', 'assistant', 'system', 'developer'), content: fc.oneof(text, fc.array(responsesPart, { minLength: 1, maxLength: 2 })) }, { requiredKeys: ['role', 'content'] }),
  fc.record({ type: fc.constant('function_call'), call_id: fc.constant(CALL_ID), name: fc.constant(TOOL), arguments: jsonArgs.map((args) => JSON.stringify(args)), namespace: fc.constant('ns') }, { requiredKeys: ['type', 'call_id', 'name', 'arguments'] }),
  fc.record({ type: fc.constant('function_call_output'), call_id: fc.constant(CALL_ID), output: fc.oneof(text, fc.array(fc.record({ type: fc.constant('input_text'), text }), { maxLength: 2 })) }),
  fc.record({ type: fc.constant('custom_tool_call'), call_id: fc.constant('call_2'), name: fc.constant('apply_patch'), input: text }),
  fc.record({ type: fc.constant('custom_tool_call_output'), call_id: fc.constant('call_2'), output: text }),
  fc.record({ type: fc.constant('reasoning'), id: fc.constant('rs_1'), summary: fc.array(fc.record({ type: fc.constant('summary_text'), text }), { maxLength: 2 }), encrypted_content: fc.constant('opaque') }, { requiredKeys: ['type', 'summary'] }),
  fc.constant({ type: 'item_reference', id: 'msg_1' }),
  fc.constant({ type: 'web_search_call', id: 'ws_1', status: 'completed' }),
);
const responsesTool = fc.oneof(
  fc.record({ type: fc.constant('function'), name: fc.constant(TOOL), description: text, parameters: jsonSchema, strict: fc.boolean() }, { requiredKeys: ['type', 'name'] }),
  fc.record({ type: fc.constant('custom'), name: fc.constant('apply_patch'), description: text, format: fc.constant({ type: 'text' }) }, { requiredKeys: ['type', 'name'] }),
  fc.record({ type: fc.constant('namespace'), name: fc.constant('ns'), tools: fc.constant([{ type: 'function', name: TOOL, parameters: { type: 'object', properties: {} } }]) }),
  fc.constant({ type: 'web_search' }),
  fc.constant({ type: 'file_search', vector_store_ids: ['vs_1'] }),
);

export const responsesRequest = (models: string[]) =>
  fc.record(
    {
      model: fc.constantFrom(...models),
      input: fc.oneof(text, fc.array(responsesItem, { minLength: 1, maxLength: 5 })),
      instructions: text,
      tools: fc.array(responsesTool, { maxLength: 2 }),
      tool_choice: fc.oneof(fc.constantFrom('auto', 'none', 'required'), fc.constant({ type: 'function', name: TOOL }), fc.constant({ type: 'allowed_tools', mode: 'required', tools: [] }), fc.constant({ type: 'file_search' })),
      reasoning: fc.record({ effort: fc.constantFrom('low', 'high'), summary: fc.constant('auto') }, { requiredKeys: [] }),
      text: fc.record({ format: fc.oneof(fc.constant({ type: 'text' }), fc.constant({ type: 'json_object' }), fc.record({ type: fc.constant('json_schema'), name: fc.constant('out'), schema: jsonSchema, strict: fc.boolean() })) }),
      max_output_tokens: fc.integer({ min: 16, max: 200 }),
      temperature: fc.double({ min: 0, max: 2, noNaN: true }),
      top_p: fc.double({ min: 0, max: 1, noNaN: true }),
      user: text,
      parallel_tool_calls: fc.boolean(),
      stream: fc.boolean(),
      store: fc.boolean(),
      include: fc.constant(['reasoning.encrypted_content']),
    },
    { requiredKeys: ['model', 'input'] },
  );

// ---------- OpenAI Chat (the hub) ----------

const chatPart = fc.oneof(
  fc.record({ type: fc.constant('text'), text, cache_control: cache }, { requiredKeys: ['type', 'text'] }),
  fc.record({ type: fc.constant('image_url'), image_url: fc.oneof(fc.constant(DATA_URL), fc.record({ url: fc.constant(DATA_URL), detail: fc.constant('low') }, { requiredKeys: ['url'] })) }),
);
const toolCall = fc.record({ id: fc.constant(CALL_ID), type: fc.constant('function'), function: fc.record({ name: fc.constant(TOOL), arguments: jsonArgs.map((args) => JSON.stringify(args)) }) });
const chatMessage = fc.oneof(
  fc.record({ role: fc.constantFrom('system', 'developer'), content: fc.oneof(text, fc.array(chatPart, { minLength: 1, maxLength: 2 })) }),
  fc.record({ role: fc.constant('user'), content: fc.oneof(text, fc.array(chatPart, { minLength: 1, maxLength: 3 })), name: text }, { requiredKeys: ['role', 'content'] }),
  fc.record(
    { role: fc.constant('assistant'), content: fc.oneof(text, fc.constant(null)), tool_calls: fc.array(toolCall, { minLength: 1, maxLength: 2 }), reasoning_content: text, thinking_blocks: fc.constant([{ type: 'thinking', thinking: 'hm', signature: 'sig' }]) },
    { requiredKeys: ['role', 'content'] },
  ),
  fc.record({ role: fc.constant('tool'), tool_call_id: fc.constant(CALL_ID), content: fc.oneof(text, fc.array(chatPart, { minLength: 1, maxLength: 2 })) }),
);

export const chatRequest = (models: string[]) =>
  fc.record(
    {
      model: fc.constantFrom(...models),
      messages: fc.array(chatMessage, { minLength: 1, maxLength: 4 }),
      tools: fc.array(fc.record({ type: fc.constant('function'), function: fc.record({ name: fc.constant(TOOL), description: text, parameters: jsonSchema }, { requiredKeys: ['name'] }) }), { maxLength: 2 }),
      tool_choice: fc.oneof(fc.constantFrom('auto', 'none', 'required'), fc.constant({ type: 'function', function: { name: TOOL } })),
      parallel_tool_calls: fc.boolean(),
      response_format: fc.oneof(fc.constant({ type: 'text' }), fc.constant({ type: 'json_object' }), fc.record({ type: fc.constant('json_schema'), json_schema: fc.record({ name: fc.constant('out'), schema: jsonSchema }) })),
      stop: fc.oneof(text, fc.array(text, { maxLength: 2 })),
      max_tokens: fc.integer({ min: 1, max: 200 }),
      temperature: fc.double({ min: 0, max: 2, noNaN: true }),
      top_p: fc.double({ min: 0, max: 1, noNaN: true }),
      seed: fc.nat(),
      user: text,
      stream: fc.boolean(),
      stream_options: fc.constant({ include_usage: true }),
      reasoning_effort: fc.constantFrom('low', 'high'),
    },
    { requiredKeys: ['model', 'messages'] },
  );

/** The other OpenAI endpoints' bodies: flat, so a few fields. */
export const openAIOtherRequests = {
  completions: fc.record({ model: fc.constant('gpt-3.5-turbo-instruct'), prompt: fc.oneof(text, fc.array(text, { minLength: 1, maxLength: 2 })), max_tokens: fc.integer({ min: 1, max: 50 }), stream: fc.boolean() }, { requiredKeys: ['model', 'prompt'] }),
  embeddings: fc.record({ model: fc.constant('text-embedding-3-small'), input: fc.oneof(text, fc.array(text, { minLength: 1, maxLength: 3 })), dimensions: fc.integer({ min: 1, max: 256 }), encoding_format: fc.constant('float') }, { requiredKeys: ['model', 'input'] }),
  moderations: fc.record({ model: fc.constant('omni-moderation-latest'), input: fc.oneof(text, fc.array(text, { minLength: 1, maxLength: 2 })) }),
  images: fc.record({ model: fc.constant('dall-e-3'), prompt: text, n: fc.constant(1), size: fc.constant('1024x1024'), quality: fc.constant('standard') }, { requiredKeys: ['model', 'prompt'] }),
  speech: fc.record({ model: fc.constant('tts-1'), input: text, voice: fc.constant('alloy') }),
  rerank: fc.record(
    {
      model: fc.constant('jina-reranker-v2-base-multilingual'),
      query: text,
      documents: fc.array(fc.oneof(text, fc.record({ text })), { minLength: 1, maxLength: 3 }),
      top_n: fc.integer({ min: 1, max: 5 }),
      return_documents: fc.boolean(),
    },
    { requiredKeys: ['model', 'query', 'documents'] },
  ),
};
