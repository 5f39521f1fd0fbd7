import { Readable } from 'node:stream';
import type { UpstreamHttpCall, UpstreamIo } from '../src/providers/adaptor.js';
import { bufferedResponse, streamedResponse, type UpstreamResponse } from '../src/providers/upstream-response.js';

/**
 * An `UpstreamIo` for unit tests of adaptors that talk to their upstream themselves (`exchange`): each call
 * is recorded and answered by the test's script, with no network.
 */
export interface ScriptedIo extends UpstreamIo {
  calls: UpstreamHttpCall[];
}

export function scriptedIo(answer: (call: UpstreamHttpCall, index: number) => UpstreamResponse, options: { timeoutMs?: number; signal?: AbortSignal } = {}): ScriptedIo {
  const calls: UpstreamHttpCall[] = [];
  return {
    calls,
    signal: options.signal ?? new AbortController().signal,
    timeoutMs: options.timeoutMs ?? 0,
    send(call) {
      calls.push(call);
      return Promise.resolve(answer(call, calls.length - 1));
    },
  };
}

export const jsonAnswer = (status: number, body: unknown): UpstreamResponse => bufferedResponse(status, 'application/json', Buffer.from(JSON.stringify(body)));

/** A streamed answer delivered in the given chunks, so tests see events split across reads. */
export const chunkedAnswer = (contentType: string, chunks: string[]): UpstreamResponse => streamedResponse(200, contentType, Readable.from(chunks.map((c) => Buffer.from(c))));
