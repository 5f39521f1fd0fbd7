import type { IngressEndpoint } from '../../ingress.js';
import { messageAnswer } from './answer-from-hub.js';
import { hubStreamWriter } from './hub-stream-writer.js';
import { messagesReaders } from './native-readers.js';

/** POST /v1/messages (and count_tokens, whose answers are never converted from a hub answer). */
export const messagesEndpoint: IngressEndpoint = {
  contentType: 'application/json',
  fromHubAnswer: (body, usage, _reported, context) => messageAnswer(body, usage, context),
  fromHubStream: (context) => hubStreamWriter(context),
  native: messagesReaders,
};
