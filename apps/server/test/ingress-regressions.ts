import { MAX_JSON_DEPTH, TOO_DEEP } from '../src/relay/json-depth.js';
import { depthOf, nested } from './ingress-mutations.js';

/**
 * The instances issue 34 lists, each a request the ingress fuzzer's classes cover, kept as fixed cases: the
 * unchecked types (a 400 naming the field), and JSON nested in each field a conversion walks recursively,
 * at the body's depth limit (served: no walk overflows the stack within it) and about 2,200 levels deep (a
 * 400 naming the limit). `model` picks the channel, hence the conversion that reads the field.
 */
export interface Regression {
  name: string;
  protocol: 'openai' | 'anthropic' | 'gemini';
  url: string;
  body: Record<string, unknown>;
  status: 200 | 400;
  /** What the refusal must name: the field's path, or the limit. */
  names?: string;
}

const GPT = 'gpt-4o-mini';
const CLAUDE = 'claude-3-5-sonnet-20241022';
const GEMINI = 'gemini-2.5-flash';
const ISSUE_DEPTH = 2200;

const generate = (model: string) => `/v1beta/models/${model}:generateContent`;
const user = (parts: unknown[]) => ({ contents: [{ role: 'user', parts }] });

/** A JSON Schema nesting `levels` arrays of arrays (each level one `items`). */
const deepSchema = (levels: number) => {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let level = 0; level < levels; level += 1) schema = { type: 'array', items: schema };
  return schema;
};

/**
 * The body `make(levels)` with `levels` chosen so that it nests exactly MAX_JSON_DEPTH deep (the deepest a
 * body may be), or ISSUE_DEPTH levels in the field when `beyond`.
 */
function deepBody(make: (levels: number) => Record<string, unknown>, beyond: boolean): Record<string, unknown> {
  if (beyond) return make(ISSUE_DEPTH);
  let levels = MAX_JSON_DEPTH;
  while (depthOf(make(levels)) > MAX_JSON_DEPTH) levels -= 1;
  return make(levels);
}

/** A field that a conversion walks recursively, with a body that puts `levels` of nesting in it. */
type DeepField = Pick<Regression, 'name' | 'protocol' | 'url'> & { make: (levels: number) => Record<string, unknown> };

const DEEP_FIELDS: DeepField[] = [
  { name: 'Gemini functionCall.args (to Claude)', protocol: 'gemini', url: generate(CLAUDE), make: (n) => ({ contents: [{ role: 'model', parts: [{ functionCall: { name: 'f', args: { a: nested(n, 'object') } } }] }, { role: 'user', parts: [{ text: 'go on' }] }] }) },
  { name: 'Gemini functionResponse.response (to GPT)', protocol: 'gemini', url: generate(GPT), make: (n) => user([{ functionResponse: { name: 'f', response: { a: nested(n, 'array') } } }]) },
  { name: 'Gemini declaration parameters (to Claude)', protocol: 'gemini', url: generate(CLAUDE), make: (n) => ({ ...user([{ text: 'hi' }]), tools: [{ functionDeclarations: [{ name: 'f', parameters: deepSchema(n) }] }] }) },
  { name: 'Gemini responseSchema (to GPT)', protocol: 'gemini', url: generate(GPT), make: (n) => ({ ...user([{ text: 'hi' }]), generationConfig: { responseMimeType: 'application/json', responseSchema: deepSchema(n) } }) },
  { name: 'Gemini unknown field (camelCased, to GPT)', protocol: 'gemini', url: generate(GPT), make: (n) => ({ ...user([{ text: 'hi' }]), some_new_field: nested(n, 'object') }) },
  { name: 'Gemini countTokens contents (to Claude)', protocol: 'gemini', url: `/v1beta/models/${CLAUDE}:countTokens`, make: (n) => user([{ functionResponse: { name: 'f', response: { a: nested(n, 'object') } } }]) },
  {
    name: 'Anthropic tool_use.input (to GPT)',
    protocol: 'anthropic',
    url: '/v1/messages',
    make: (n) => ({ model: GPT, max_tokens: 5, messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'f', input: { a: nested(n, 'object') } }] }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'ok' }] }] }),
  },
  {
    name: 'Anthropic tool_result content (to Gemini)',
    protocol: 'anthropic',
    url: '/v1/messages',
    make: (n) => {
      let content: unknown = 'ok';
      for (let level = 0; level < Math.floor(n / 2); level += 1) content = [{ type: 'tool_result', tool_use_id: 't1', content }];
      return { model: GEMINI, max_tokens: 5, messages: [{ role: 'user', content }] };
    },
  },
  { name: 'Anthropic input_schema (to Gemini)', protocol: 'anthropic', url: '/v1/messages', make: (n) => ({ model: GEMINI, max_tokens: 5, messages: [{ role: 'user', content: 'hi' }], tools: [{ name: 'f', input_schema: deepSchema(n) }] }) },
  { name: 'Responses function_call.arguments as an object (to Claude)', protocol: 'openai', url: '/v1/responses', make: (n) => ({ model: CLAUDE, input: [{ type: 'function_call', call_id: 'c1', name: 'f', arguments: { a: nested(n, 'object') } }, { type: 'function_call_output', call_id: 'c1', output: 'ok' }] }) },
  { name: 'Responses tool parameters (to Gemini)', protocol: 'openai', url: '/v1/responses', make: (n) => ({ model: GEMINI, input: 'hi', tools: [{ type: 'function', name: 'f', parameters: deepSchema(n) }] }) },
  { name: 'OpenAI Chat tool parameters (to Gemini)', protocol: 'openai', url: '/v1/chat/completions', make: (n) => ({ model: GEMINI, messages: [{ role: 'user', content: 'hi' }], tools: [{ type: 'function', function: { name: 'f', parameters: deepSchema(n) } }] }) },
  { name: 'OpenAI Chat response_format schema (to Gemini)', protocol: 'openai', url: '/v1/chat/completions', make: (n) => ({ model: GEMINI, messages: [{ role: 'user', content: 'hi' }], response_format: { type: 'json_schema', json_schema: { name: 'o', schema: deepSchema(n) } } }) },
];

/** The unchecked types the issue names, each refused naming its field. */
const UNCHECKED_TYPES: Regression[] = [
  ...[5, 'x', [null]].map((summary): Regression => ({
    name: `Responses reasoning summary ${JSON.stringify(summary)}`,
    protocol: 'openai',
    url: '/v1/responses',
    body: { model: CLAUDE, input: [{ type: 'reasoning', summary }] },
    status: 400,
    names: Array.isArray(summary) ? 'input[0].summary[0]' : 'input[0].summary',
  })),
  { name: 'Responses function_call_output [null]', protocol: 'openai', url: '/v1/responses', body: { model: CLAUDE, input: [{ type: 'function_call_output', call_id: 'c1', output: [null] }] }, status: 400, names: 'input[0].output[0]' },
  { name: 'Gemini functionResponse.parts 5', protocol: 'gemini', url: generate(GPT), body: user([{ functionResponse: { name: 'f', response: {}, parts: 5 } }]), status: 400, names: 'contents[0].parts[0].functionResponse.parts' },
  { name: 'Gemini executableCode.language 5', protocol: 'gemini', url: generate(GPT), body: user([{ executableCode: { language: 5 } }]), status: 400, names: 'contents[0].parts[0].executableCode.language' },
  { name: 'Gemini fileData.mimeType 5', protocol: 'gemini', url: generate(GPT), body: user([{ fileData: { mimeType: 5 } }]), status: 400, names: 'contents[0].parts[0].fileData.mimeType' },
  { name: 'OpenAI Chat content part null (to Gemini)', protocol: 'openai', url: '/v1/chat/completions', body: { model: GEMINI, messages: [{ role: 'user', content: [null] }] }, status: 400, names: 'messages[0].content[0]' },
  { name: 'OpenAI Chat tool null (to Claude)', protocol: 'openai', url: '/v1/chat/completions', body: { model: CLAUDE, messages: [{ role: 'user', content: 'hi' }], tools: [null] }, status: 400, names: 'tools[0]' },
];

export const REGRESSIONS: Regression[] = [
  ...UNCHECKED_TYPES,
  ...DEEP_FIELDS.map(({ make, ...field }) => ({ ...field, name: `${field.name}, at the depth limit`, body: deepBody(make, false), status: 200 as const })),
  ...DEEP_FIELDS.map(({ make, ...field }) => ({ ...field, name: `${field.name}, ${ISSUE_DEPTH} levels deep`, body: deepBody(make, true), status: 400 as const, names: TOO_DEEP })),
];
