/**
 * Offline BPE encoders (gpt-tokenizer bundles the ranks; nothing is fetched, unlike one-api). Each is
 * loaded on first use: a relay whose upstreams report usage never pays their memory.
 */
import { countInPieces } from './bounded-count.js';

type Counter = (text: string) => number;

const loaded = new Map<string, Promise<Counter>>();

function load(name: 'cl100k_base' | 'o200k_base'): Promise<Counter> {
  let counter = loaded.get(name);
  if (!counter) {
    counter = (name === 'o200k_base' ? import('gpt-tokenizer/encoding/o200k_base') : import('gpt-tokenizer/encoding/cl100k_base')).then(
      (module) => (text: string) => countInPieces(text, (piece) => module.countTokens(piece)),
    );
    loaded.set(name, counter);
  }
  return counter;
}

/** gpt-4o, o-series and later models use o200k; everything else is counted as gpt-3.5/4 (cl100k). */
export function encodingFor(model: string): 'cl100k_base' | 'o200k_base' {
  return /^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o\d|chatgpt-4o)/.test(model) ? 'o200k_base' : 'cl100k_base';
}

export async function counterFor(model: string, approximate: boolean): Promise<Counter> {
  // one-api's ApproximateTokenEnabled: 0.38 tokens per byte, no encoder at all.
  if (approximate) return (text) => Math.floor(Buffer.byteLength(text) * 0.38);
  return load(encodingFor(model));
}
