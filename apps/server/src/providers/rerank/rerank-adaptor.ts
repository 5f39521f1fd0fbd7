import type { Protocol } from '@tollgate/contract';
import type { Adaptor, AdaptorRequest, BuiltRequest, ParsedAnswer, ReadUpstreamError, RelayMode } from '../adaptor.js';
import { parsedAnswer, readJson } from '../adaptor-json.js';
import { baseUrlOf } from '../base-url.js';
import { dashScopeRerank } from '../ali/rerank.js';
import { cohereRerank } from '../cohere/rerank.js';
import { parseCohereError } from '../cohere/upstream-error.js';
import { parseDashScopeError } from '../ali/upstream-error.js';
import { jinaRerank } from '../jina/rerank.js';
import { teiRerank } from '../openai/rerank-tei.js';
import { voyageRerank } from '../voyage/rerank.js';
import { rerankAnswer } from './rerank-answer.js';
import { rerankFormatOf, type RerankFormat } from './rerank-format.js';
import { readRerankRequest } from './rerank-request.js';
import type { RerankWire } from './rerank-wire.js';

const WIRES: Record<RerankFormat, RerankWire> = { cohere: cohereRerank, jina: jinaRerank, voyage: voyageRerank, dashscope: dashScopeRerank, tei: teiRerank };

const MODES: readonly RelayMode[] = ['rerank'];

/**
 * The adaptor of POST /v1/rerank on one protocol's channels: the request (Tollgate's shape, already checked
 * by the relay) is written in the channel's rerank format (rerank-format.ts), and the vendor's answer read
 * back into Tollgate's (rerank-answer.ts). `parseError` is the protocol's own error reader.
 */
function rerankAdaptor(parseError?: (status: number, body: string) => ReadUpstreamError): Adaptor {
  const adaptor: Adaptor = {
    modes: MODES,

    buildRequest(request: AdaptorRequest): BuiltRequest {
      const { target } = request;
      const wire = WIRES[rerankFormatOf(target)];
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/json',
        'accept-encoding': 'identity',
        ...target.type.headers,
      };
      // TEI runs without a key unless started with one: an empty key sends no header rather than `Bearer `.
      if (target.key) headers.authorization = `Bearer ${target.key}`;
      return { url: wire.url(baseUrlOf(target)), headers, body: Buffer.from(JSON.stringify(wire.body(readRerankRequest(readJson(request.body))))) };
    },

    parseAnswer(request: AdaptorRequest, body: Buffer, contentType: string): ParsedAnswer {
      const answer = parsedAnswer<unknown>(body);
      if (answer === undefined) return { body, contentType, text: '' };
      const read = WIRES[rerankFormatOf(request.target)].read(answer);
      return rerankAnswer(readRerankRequest(readJson(request.body)), read.ranked, read.id ?? '', read.count);
    },
  };
  if (parseError) adaptor.parseError = parseError;
  return adaptor;
}

/** Protocols whose channels serve rerank; every other channel is passed over for a rerank request. */
const RERANK_ADAPTORS: Partial<Record<Protocol, Adaptor>> = {
  cohere: rerankAdaptor(parseCohereError),
  ali: rerankAdaptor(parseDashScopeError),
  openai: rerankAdaptor(),
};

/** Stands for a protocol without rerank: it serves no mode, so routing passes its channels over. */
const NO_RERANK: Adaptor = {
  modes: [],
  buildRequest: () => {
    throw new Error('this protocol does not serve rerank');
  },
  parseAnswer: () => {
    throw new Error('this protocol does not serve rerank');
  },
};

export const rerankAdaptorFor = (protocol: Protocol): Adaptor => RERANK_ADAPTORS[protocol] ?? NO_RERANK;
