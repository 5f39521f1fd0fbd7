import { nowSeconds } from '../../../lib/random.js';
import type { AnswerContext } from '../../ingress.js';
import type { TokenUsage } from '../../token-usage.js';
import type { JsonObject } from '../request-body.js';
import { callItem, endOf, messageItem, reasoningItem } from './answer-items.js';
import { responseIdOf, responseObject } from './response-object.js';
import { encodeThinking } from './thinking-carrier.js';
import { ClientToolNames } from './client-tool-names.js';
import { responsesUsage } from './usage.js';

/**
 * A hub `chat.completion` as a Response: the reasoning (with its text as the summary), the message, then
 * one item per tool call; usage is what Tollgate billed. Docs: https://platform.openai.com/docs/api-reference/responses/object
 */
interface HubCompletion {
  created?: number;
  choices?: {
    message?: { content?: unknown; reasoning_content?: unknown; thinking_blocks?: JsonObject[]; tool_calls?: { id?: string; function?: { name?: string; arguments?: string } }[] };
    finish_reason?: string | null;
  }[];
}

export function responseFromHub(body: Buffer, usage: TokenUsage, context: AnswerContext): Buffer {
  let completion: HubCompletion;
  try {
    completion = JSON.parse(body.toString('utf8')) as HubCompletion;
  } catch {
    completion = {};
  }
  const id = responseIdOf(context);
  const suffix = id.slice('resp_'.length);
  const choice = completion.choices?.[0];
  const message = choice?.message;
  const output: JsonObject[] = [];
  const reasoning = typeof message?.reasoning_content === 'string' ? message.reasoning_content : '';
  const thinking = encodeThinking(Array.isArray(message?.thinking_blocks) ? message.thinking_blocks : []);
  if (reasoning || thinking) output.push(reasoningItem(`rs_${suffix}`, reasoning, thinking));
  if (typeof message?.content === 'string' && message.content) output.push(messageItem(`msg_${suffix}`, message.content, 'completed'));
  const tools = ClientToolNames.of(context.client);
  (message?.tool_calls ?? []).forEach((call, index) => {
    output.push(callItem(`fc_${suffix}_${index}`, { callId: call.id ?? `call_${suffix}_${index}`, name: call.function?.name ?? '', arguments: call.function?.arguments ?? '' }, 'completed', tools));
  });
  const end = endOf(choice?.finish_reason);
  const response = responseObject(context, {
    id,
    createdAt: completion.created ?? nowSeconds(),
    status: end.status,
    output,
    usage: responsesUsage(usage) as unknown as JsonObject,
    ...(end.reason ? { incompleteReason: end.reason } : {}),
  });
  return Buffer.from(JSON.stringify(response));
}
