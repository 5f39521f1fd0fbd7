import { matches } from './match-logic.js';
import { pricesAt, type SourceCatalog } from './source-catalog.js';
import { ratiosOf } from './source-ratios.js';

/**
 * The model makers whose channel types take their default model list from the price source, and which of
 * the provider's models each offers. Hosts of open models (OpenRouter, Groq, Together...) keep Tollgate's own
 * lists: their catalogs are hundreds of models that change weekly, which the channel form's fetch follows.
 */
const LISTED_PROVIDER: Readonly<Record<number, { provider: string; offers?: (id: string) => boolean }>> = {
  1: { provider: 'openai' },
  14: { provider: 'anthropic' },
  16: { provider: 'zhipuai' },
  24: { provider: 'google', offers: (id) => !id.includes('claude') },
  25: { provider: 'moonshotai' },
  27: { provider: 'minimax' },
  28: { provider: 'mistral' },
  // Bedrock's `regional.` names stand for the us./eu./apac. inference profiles, which are not model ids.
  33: { provider: 'aws', offers: (id) => !id.startsWith('regional.') },
  35: { provider: 'cohere' },
  36: { provider: 'deepseek' },
  42: { provider: 'google' },
  45: { provider: 'x-ai' },
  51: { provider: 'google', offers: (id) => !id.includes('claude') },
};

/** A name a client can send: the source also keys models by patterns (`ft:gpt-4o`, `:free` variants). */
const CALLABLE_NAME = /^[a-z0-9][\w.\-/@]*[a-z0-9](:\d+)?$/i;

/**
 * The source's current models for a channel type, newest generation first: not deprecated, priced by the
 * token now, named as clients call them. Empty for a type the source does not list for.
 */
export function currentSourceModels(catalog: SourceCatalog, channelType: number, now = new Date()): string[] {
  const listed = LISTED_PROVIDER[channelType];
  const provider = listed && catalog.provider(listed.provider);
  if (!listed || !provider) return [];
  const models = provider.models.filter(
    (model) =>
      !model.deprecated &&
      CALLABLE_NAME.test(model.id) &&
      !model.id.startsWith('ft:') &&
      matches(model.match, model.id.toLowerCase()) &&
      (listed.offers?.(model.id) ?? true) &&
      ratiosOf(pricesAt(model, now)) !== undefined,
  );
  return models
    .map((model, index) => ({ id: model.id, index, generation: generationOf(model.id) }))
    .sort((a, b) => compareGenerations(b.generation, a.generation) || a.index - b.index)
    .map((model) => model.id);
}

/**
 * `claude-opus-4-8` -> [4, 8], `gpt-5.4-mini` -> [5, 4]: the version numbers in a name, without dates, sizes
 * (`120b`, `a4b`), context lengths (`128k`) and the `v1:0` of Bedrock's ids.
 */
function generationOf(id: string): number[] {
  const versions = id.replace(/(\d+x)?\d+(\.\d+)?[bkm]\b|[-.]v\d+(:\d+)?$|:\d+$/gi, '');
  return (versions.match(/\d+/g) ?? []).filter((digits) => digits.length < 4).map(Number);
}

function compareGenerations(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const difference = (a[i] ?? -1) - (b[i] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}
