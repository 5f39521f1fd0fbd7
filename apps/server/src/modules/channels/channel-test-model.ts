import type { ChannelRow } from '../../db/schema.js';
import { currentSourceModels } from '../../relay/billing/price-source/current-models.js';
import type { SourceCatalog } from '../../relay/billing/price-source/source-catalog.js';

/**
 * The model a channel test asks for:
 * 1. the one the operator picked in the list's test-model column, if the channel serves it;
 * 2. else the channel's newest current model: of its models, the one the price source ranks first among the
 *    type's current models (newest generation first; a dated id such as claude-sonnet-4-5-20250929 counts as
 *    the model it names);
 * 3. else the channel's first model (names the source does not know: a self-hosted or renamed model).
 * one-api asked for gpt-3.5-turbo, then the first model, so a channel whose list starts with a retired name
 * (claude-instant-1.2, gemini-pro: one-api's own defaults) failed every test although it served current
 * models. The channel's order is not used for step 2 because those lists are oldest first, and the source
 * still prices (so does not call retired) names such as gemini-pro that the vendor no longer serves.
 */
export function testModel(channel: ChannelRow, requested: string | undefined, catalog: SourceCatalog): string {
  const models = (channel.models ?? '').split(',').map((m) => m.trim()).filter(Boolean);
  const wanted = requested?.trim();
  if (wanted && models.includes(wanted)) return wanted;
  const rank = currentRank(catalog, channel.type);
  const ranked = models
    .map((model) => ({ model, rank: rank(model) }))
    .filter((entry): entry is { model: string; rank: number } => entry.rank !== undefined)
    .sort((a, b) => a.rank - b.rank);
  // A channel with no list (a proxy) is tested as one-api tests it.
  return ranked[0]?.model ?? models[0] ?? (wanted || 'gpt-3.5-turbo');
}

/** A model name's place among the type's current models (0 = newest), or undefined when it is not one. */
function currentRank(catalog: SourceCatalog, type: number): (model: string) => number | undefined {
  const places = new Map(currentSourceModels(catalog, type).map((id, index) => [id, index]));
  return (model) => places.get(model) ?? places.get(catalog.find(model, type)?.model.id ?? '');
}
