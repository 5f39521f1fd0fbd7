import type { MessageTexts } from './message.js';

/** The ModelFallbacks option's refusals; `{field}` names the part refused. */
export const fallbackMessages = {
  'fallback.not_json': {
    en: '{field} must be a JSON object such as {"*":{"claude-sonnet-4-6":{"chain":["gpt-5.2"]}}}',
    zh: '{field} 必须是 JSON 对象，如 {"*":{"claude-sonnet-4-6":{"chain":["gpt-5.2"]}}}',
  },
  'fallback.entry_invalid': {
    en: '{field} must be an object of a model to its rule {"chain":[...],"on":[...]}, and a rule holds only chain and on',
    zh: '{field} 必须是模型到规则 {"chain":[...],"on":[...]} 的对象，规则只能包含 chain 和 on',
  },
  'fallback.chain_invalid': {
    en: '{field} must be a list of 1 to 8 model names, none blank or repeated',
    zh: '{field} 必须是 1 到 8 个模型名的列表，不能为空或重复',
  },
  'fallback.chain_self': {
    en: '{field} names the model the chain belongs to: a model cannot fall back to itself',
    zh: '{field} 是该链所属的模型本身：模型不能回退到自己',
  },
  'fallback.trigger_invalid': {
    en: '{field} must be a list of "failure", "context_length" or "content_policy"',
    zh: '{field} 必须是由 "failure"、"context_length" 或 "content_policy" 组成的列表',
  },
  'fallback.cycle': {
    en: '{field}: the chains fall back in a cycle ({models})',
    zh: '{field}：回退链形成了循环（{models}）',
  },
} as const satisfies Record<string, MessageTexts>;
