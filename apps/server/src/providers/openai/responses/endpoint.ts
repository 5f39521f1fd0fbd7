import type { IngressEndpoint, IngressProtocol, NativeReaders } from '../../ingress.js';
import { openAIProtocol } from '../ingress/protocol.js';
import { responseFromHub } from './answer-from-hub.js';
import { responsesStreamWriter } from './hub-stream-writer.js';
import { nativeAnswer } from './native-answer.js';
import { nativeResponsesStream } from './native-stream.js';

/**
 * OpenAI's Responses API as a client protocol: OpenAI's credentials and error object (its own protocol
 * module), but a protocol of its own for routing, since channels take it natively or not.
 * Docs: https://platform.openai.com/docs/api-reference/responses
 */
export const responsesProtocol: IngressProtocol = { ...openAIProtocol, protocol: 'responses' };

/**
 * What passes through: the body as the client sent it, with the channel's model, and the channel's system
 * prompt as `instructions` (the Responses API's system message).
 */
export const responsesReaders: NativeReaders = {
  rewrite(client, changes) {
    if (!changes.model && !changes.systemPrompt) return undefined;
    return { ...client, ...(changes.model ? { model: changes.model } : {}), ...(changes.systemPrompt ? { instructions: changes.systemPrompt } : {}) };
  },
  answer: nativeAnswer,
  stream: (_framing, countText) => nativeResponsesStream(countText),
};

/** POST /v1/responses: converted from the hub, or passed through. */
export const responsesEndpoint: IngressEndpoint = {
  contentType: 'application/json',
  fromHubAnswer: (body, usage, _reported, context) => responseFromHub(body, usage, context),
  fromHubStream: (context) => responsesStreamWriter(context),
  native: responsesReaders,
};
