import { LogType, type ClientProtocol, type FallbackStep, type LogOther } from '@tollgate/contract';
import type { NewLog } from '../db/schema.js';
import type { KeyRecord } from './auth/key-cache.js';
import { storableModel } from './billing/rollup-cells.js';

/** A relay request that ended without a billed answer, as its error log and the rollups record it. */
export interface FailureFacts {
  record: KeyRecord;
  /** The status and message its client was answered with. */
  status: number;
  message: string;
  /** The model the row names: the upstream's name once a channel was called, else the one the client asked for. */
  model: string;
  /** The model the rollups count it under, when not `model` (a refused model no channel serves is counted as one). */
  countedModel?: string;
  /** The channels called, in order; empty when it was refused before any call. */
  channels: readonly number[];
  requestId: string;
  elapsedMs: number;
  stream: boolean;
  protocol: ClientProtocol;
  /** Every model tried along a fallback chain (relay/fallbacks), when the request had one and went on to another model. */
  fallback?: readonly FallbackStep[];
}

/** An upstream's message can be long (a whole HTML page) and hold NUL, which PostgreSQL's text refuses. */
const MESSAGE_LENGTH = 1000;

const storableText = (text: string) => (text.length <= MESSAGE_LENGTH && !text.includes('\u0000') ? text : Array.from(text.replaceAll('\u0000', '')).slice(0, MESSAGE_LENGTH).join(''));

/**
 * The error log of a failed request: uncharged (quota 0), under the channel tried last (0 when none was called,
 * so the channel filter finds a channel's failures), with its message as the content and, in `other`, the
 * status answered and every channel called in order.
 */
export function failureLog(facts: FailureFacts, at: number): NewLog {
  const other: LogOther = { protocol: facts.protocol, status: facts.status, channels: [...facts.channels] };
  if (facts.fallback) other.fallback = [...facts.fallback];
  return {
    user_id: facts.record.userId,
    username: facts.record.username,
    created_at: at,
    type: LogType.Error,
    content: storableText(facts.message),
    token_name: facts.record.tokenName,
    model_name: storableModel(facts.model),
    quota: 0,
    prompt_tokens: 0,
    completion_tokens: 0,
    channel_id: facts.channels.at(-1) ?? 0,
    request_id: facts.requestId,
    elapsed_time: Math.round(facts.elapsedMs),
    is_stream: facts.stream,
    system_prompt_reset: false,
    other: JSON.stringify(other),
  };
}
