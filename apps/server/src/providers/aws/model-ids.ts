/**
 * The public model names one-api offers on AWS channels, as Bedrock model ids (reference one-api.md 2.3).
 * Any other name is taken as a Bedrock id already (`anthropic.claude-…-v1:0`, a cross-region profile
 * `us.anthropic.…`, or an ARN), so operators can serve new models through the channel's model mapping.
 */
const BEDROCK_MODEL_IDS: Readonly<Record<string, string>> = {
  'claude-instant-1.2': 'anthropic.claude-instant-v1',
  'claude-2.0': 'anthropic.claude-v2',
  'claude-2.1': 'anthropic.claude-v2:1',
  'claude-3-haiku-20240307': 'anthropic.claude-3-haiku-20240307-v1:0',
  'claude-3-sonnet-20240229': 'anthropic.claude-3-sonnet-20240229-v1:0',
  'claude-3-opus-20240229': 'anthropic.claude-3-opus-20240229-v1:0',
  'claude-3-5-sonnet-20240620': 'anthropic.claude-3-5-sonnet-20240620-v1:0',
  'claude-3-5-sonnet-20241022': 'anthropic.claude-3-5-sonnet-20241022-v2:0',
  'claude-3-5-sonnet-latest': 'anthropic.claude-3-5-sonnet-20241022-v2:0',
  'claude-3-5-haiku-20241022': 'anthropic.claude-3-5-haiku-20241022-v1:0',
  'llama3-8b-8192': 'meta.llama3-8b-instruct-v1:0',
  'llama3-70b-8192': 'meta.llama3-70b-instruct-v1:0',
};

/**
 * How a model is called: Anthropic Messages or Meta's Llama 3 prompt on InvokeModel (as one-api does),
 * or the Converse API for every other Bedrock model.
 */
export type ModelFamily = 'claude' | 'llama3' | 'converse';

export const bedrockModelId = (model: string): string => BEDROCK_MODEL_IDS[model] ?? model;

/** The family of a Bedrock model id (region prefixes and ARNs included). */
export function modelFamily(modelId: string): ModelFamily {
  if (/(^|[./])anthropic\.claude/.test(modelId)) return 'claude';
  if (/(^|[./])meta\.llama3/.test(modelId)) return 'llama3';
  return 'converse';
}
