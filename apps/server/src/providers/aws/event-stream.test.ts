import { Readable } from 'node:stream';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { describe, expect, it } from 'vitest';
import { chunkFrame, converseFrame, exceptionFrame } from '../../../test/fake-bedrock.js';
import { eventStreamToNdjson } from './event-stream.js';

/** The verified frame of reference providers.md 5.5: a chunk whose bytes are `{"type":"message_stop"}`. */
const REFERENCE_FRAME = Buffer.from(
  [
    '000000870000004b87ea2bf3',
    '0b3a6576656e742d74797065070005',
    '6368756e6b',
    '0d3a636f6e74656e742d74797065070010',
    '6170706c69636174696f6e2f6a736f6e',
    '0d3a6d6573736167652d74797065070005',
    '6576656e74',
    '7b226279746573223a2265794a306558426c496a6f696257567a6332466e5a56397a64473977496e303d227d',
    'ba48ab22',
  ].join(''),
  'hex',
);

const codec = new EventStreamCodec(toUtf8, fromUtf8);
const text = (value: string) => ({ type: 'string' as const, value });

async function reframe(chunks: Buffer[]): Promise<string> {
  let out = '';
  for await (const piece of Readable.from(chunks).pipe(eventStreamToNdjson())) out += String(piece);
  return out;
}

describe('Bedrock event-stream re-framing', () => {
  it('decodes the reference frame into one NDJSON line holding the inner event', async () => {
    expect(REFERENCE_FRAME.length).toBe(135);
    expect(await reframe([REFERENCE_FRAME])).toBe('{"type":"message_stop"}\n');
  });

  it('encodes the reference frame byte for byte with the codec the fake server uses', () => {
    const encoded = Buffer.from(codec.encode({ headers: { ':event-type': text('chunk'), ':content-type': text('application/json'), ':message-type': text('event') }, body: fromUtf8('{"bytes":"eyJ0eXBlIjoibWVzc2FnZV9zdG9wIn0="}') }));
    expect(encoded.equals(REFERENCE_FRAME)).toBe(true);
  });

  it('reassembles frames split across network chunks at every byte, and ignores the padding field', async () => {
    const first = chunkFrame({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hé' } }, 'abcdefghij');
    const bytes = Buffer.concat([first, REFERENCE_FRAME]);
    const expected = '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hé"}}\n{"type":"message_stop"}\n';
    for (const cut of [1, 4, 11, 12, first.length - 1, first.length, first.length + 3]) {
      expect(await reframe([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
    expect(await reframe([...bytes].map((byte) => Buffer.from([byte])))).toBe(expected);
  });

  it('names a ConverseStream event by its event type, in camelCase', async () => {
    const out = await reframe([converseFrame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Let' } }), converseFrame('MessageStop', { stopReason: 'end_turn' })]);
    expect(out).toBe('{"contentBlockDelta":{"contentBlockIndex":0,"delta":{"text":"Let"}}}\n{"messageStop":{"stopReason":"end_turn"}}\n');
  });

  it('turns an exception frame into an exception line', async () => {
    const out = await reframe([chunkFrame({ type: 'message_start' }), exceptionFrame('throttlingException', 'Too many requests, please wait before trying again.')]);
    expect(out.split('\n').filter(Boolean).map((line) => JSON.parse(line) as unknown)).toEqual([
      { type: 'message_start' },
      { exception: { type: 'throttlingException', message: 'Too many requests, please wait before trying again.' } },
    ]);
  });

  it('ends with an exception line on a corrupt frame or a stream cut inside a frame', async () => {
    const corrupt = Buffer.from(REFERENCE_FRAME);
    corrupt.writeUInt8(corrupt.readUInt8(corrupt.length - 1) ^ 0xff, corrupt.length - 1);
    expect(JSON.parse(await reframe([corrupt, REFERENCE_FRAME]))).toMatchObject({ exception: { type: 'internalServerException', message: expect.stringContaining('checksum') } });
    expect(JSON.parse(await reframe([REFERENCE_FRAME.subarray(0, 50)]))).toMatchObject({ exception: { message: 'the Bedrock stream ended inside an event' } });
  });
});
