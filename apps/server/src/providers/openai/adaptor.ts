import type { Adaptor, AdaptorRequest, BuiltRequest, ParsedAnswer, StreamEvent, StreamParser } from '../adaptor.js';
import { findUsage } from './find-usage.js';
import { completionText, readUsage } from './response-usage.js';
import { inspectChunk } from './stream-chunk.js';
import { transcriptText } from './transcript.js';
import { VerbatimChunkTest } from './verbatim-chunk.js';
import { channelApiVersion, openAIUrl } from './upstream-url.js';
import { responsesNative } from './responses/native-endpoint.js';

/**
 * Reads an OpenAI SSE stream as it passes through; also the reader of protocols that stream OpenAI's chunks.
 * A chunk with choices and no usage object is forwarded as it is, its text read only if needed; anything
 * else (usage, Azure's empty filter chunks, errors) is parsed at once. The relay asks that of the raw
 * read (`verbatim`), a wrapping parser of each payload (`event`): one test each, since it remembers the
 * text it last searched.
 */
export const openAIStreamParser = (): StreamParser => {
  const reads = new VerbatimChunkTest();
  const payloads = new VerbatimChunkTest();
  return {
    framing: 'sse',
    event(data: string): StreamEvent {
      if (data === '[DONE]') return { forward: [data], text: '', done: true };
      const verbatim = payloads.test(data, 0, data.length);
      payloads.forget();
      if (verbatim) return { forward: [data], text: '', laterText: { read: () => inspectChunk(data).text, size: data.length } };
      const info = inspectChunk(data);
      return { forward: info.drop ? [] : [data], text: info.text, usage: info.usage, usageReport: info.usageReport ?? false };
    },
    verbatim: {
      test: (line, start, end) => reads.test(line, start, end),
      text: (payload) => inspectChunk(payload).text,
      readDone: () => reads.forget(),
    },
  };
};

/**
 * The OpenAI protocol, spoken by OpenAI, Azure and about thirty compatible vendors. Requests and answers
 * pass through untouched; the relay only reads usage from them.
 * Docs: https://platform.openai.com/docs/api-reference
 */
export const openAIAdaptor: Adaptor = {
  // OpenAI and Azure serve the Responses API themselves (responses/native-endpoint.ts).
  native: { responses: responsesNative },

  buildRequest(request: AdaptorRequest): BuiltRequest {
    const { target } = request;
    const headers: Record<string, string> = {
      'content-type': request.contentType,
      accept: request.accept ?? (request.stream ? 'text/event-stream' : 'application/json'),
      // Uncompressed answers: the relay reads usage from them and streams them on as they come.
      'accept-encoding': 'identity',
      ...target.type.headers,
    };
    if (target.type.urlStyle === 'azure') headers['api-key'] = target.key;
    else headers.authorization = `Bearer ${target.key}`;
    return { url: openAIUrl(target.type, { baseUrl: target.baseUrl, apiVersion: channelApiVersion(target) }, request.path, request.model), headers, body: request.body };
  },

  parseAnswer(request: AdaptorRequest, body: Buffer, contentType: string): ParsedAnswer {
    if (request.mode === 'transcriptions' || request.mode === 'translations') return { body, contentType, text: transcriptText(body, contentType) };
    if (!contentType.includes('json')) return { body, contentType, text: '' };
    // The generated text is only needed when the upstream reports no usage.
    const reported = findUsage(body);
    if (reported) return { body, contentType, usage: reported, text: '' };
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return { body, contentType, text: '' };
    }
    const usage = readUsage((parsed as { usage?: unknown }).usage);
    return { body, contentType, usage, text: request.mode === 'chat' || request.mode === 'completions' ? completionText(parsed) : '' };
  },

  streamParser: () => openAIStreamParser(),
};
