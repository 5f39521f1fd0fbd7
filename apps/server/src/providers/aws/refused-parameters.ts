import type { ChatParameter } from '../chat-parameters.js';
import { bedrockModelId, modelFamily } from './model-ids.js';

/**
 * What a Bedrock model can neither honour nor emulate, so that the request goes to another channel or gets a
 * 400 instead of an answer that ignored it. No Bedrock model answers several choices or token probabilities.
 * Llama 3 on InvokeModel takes one rendered prompt, so it has no tools, images, JSON mode or stop sequences
 * either (Converse carries all four, and Claude's body is Anthropic's, json_schema emulated by a forced tool).
 */
const EVERY_MODEL: readonly ChatParameter[] = ['n', 'logprobs'];
const LLAMA3: readonly ChatParameter[] = [...EVERY_MODEL, 'tools', 'image_url', 'response_format json_object', 'response_format json_schema', 'stop'];

export const refusedOnBedrock = (model: string): readonly ChatParameter[] => (modelFamily(bedrockModelId(model)) === 'llama3' ? LLAMA3 : EVERY_MODEL);
