import { ChannelStatus } from '@tollgate/contract';
import { undatedName } from '../billing/price-source/model-aliases.js';
import { isEnabled, type RoutableChannel } from './routable-channel.js';

type Tier = RoutableChannel[];

/** Whether a vendor treats two model names as one model (a dated snapshot and its undated alias). */
export type SameModel = (a: string, b: string) => boolean;

/** How many alias routes a table keeps worked out: the names come from clients. */
const ALIAS_MEMO_LIMIT = 1024;

/**
 * The routing table: group -> model -> priority tiers (highest first) of enabled channels. Immutable; a
 * change to any channel builds a new one. Disabled channels stay reachable by id for pinned requests.
 */
export class ChannelTable {
  private readonly routes = new Map<string, Map<string, Tier[]>>();
  private readonly byId = new Map<number, RoutableChannel>();
  /** group -> undated name -> the names channels list for it (`claude-sonnet-4-5` -> the dated id). */
  private readonly undated = new Map<string, Map<string, string[]>>();
  /** `group model` -> the tiers serving a name no channel lists, through an alias it does list. */
  private readonly aliasRoutes = new Map<string, Tier[]>();

  constructor(
    channels: RoutableChannel[],
    private readonly sameModel: SameModel = () => false,
  ) {
    const buckets = new Map<string, Map<string, RoutableChannel[]>>();
    for (const channel of channels) {
      this.byId.set(channel.id, channel);
      if (!isEnabled(channel)) continue;
      for (const group of channel.groups) {
        const models = buckets.get(group) ?? new Map<string, RoutableChannel[]>();
        buckets.set(group, models);
        for (const model of channel.models) models.set(model, [...(models.get(model) ?? []), channel]);
      }
    }
    for (const [group, models] of buckets) {
      this.routes.set(group, new Map([...models].map(([model, list]) => [model, tiersOf(list)])));
      const names = new Map<string, string[]>();
      for (const model of models.keys()) names.set(undatedName(model), [...(names.get(undatedName(model)) ?? []), model]);
      this.undated.set(group, names);
    }
  }

  channel(id: number): RoutableChannel | undefined {
    return this.byId.get(id);
  }

  /**
   * A copy in which one channel no longer routes: marked automatically disabled, still reachable by id (a
   * pinned request then hears it is disabled). The table itself is unchanged; an unknown or already
   * disabled channel gives back this same table.
   */
  without(id: number): ChannelTable {
    const channel = this.byId.get(id);
    if (!channel || !isEnabled(channel)) return this;
    return new ChannelTable(
      [...this.byId.values()].map((c) => (c.id === id ? { ...c, status: ChannelStatus.AutoDisabled } : c)),
      this.sameModel,
    );
  }

  /**
   * A channel for (group, model): the highest priority tier that still has a channel not yet tried, weighted
   * random inside it by `weight` (0 counts as 1). Retries pass the channels already tried in `exclude`, so
   * they go through the rest of the tier first and then fall to lower tiers. `accepts` skips channels that
   * cannot serve the request at all (an endpoint their protocol lacks).
   */
  select(group: string, model: string, exclude: ReadonlySet<number> = new Set(), accepts: (channel: RoutableChannel) => boolean = () => true, random = Math.random): RoutableChannel | undefined {
    for (const tier of this.routes.get(group)?.get(model) ?? this.aliasTiers(group, model)) {
      const candidates = tier.filter((c) => !exclude.has(c.id) && accepts(c));
      if (candidates.length > 0) return weightedPick(candidates, random);
    }
    return undefined;
  }

  /**
   * The channels serving a name no channel lists through one it does, when the vendor treats the two as one
   * model: a channel listing `claude-sonnet-4-5-20250929` serves `claude-sonnet-4-5`, and one listing the
   * undated name serves every snapshot of it. Each is a copy of the channel mapping the asked name to the
   * name it lists (or to that name's own mapping), so the upstream is asked for what the operator listed.
   */
  private aliasTiers(group: string, model: string): Tier[] {
    const memoKey = `${group} ${model}`;
    const memo = this.aliasRoutes.get(memoKey);
    if (memo) return memo;
    const aliases = (this.undated.get(group)?.get(undatedName(model)) ?? []).filter((listed) => listed !== model && this.sameModel(model, listed));
    if (aliases.length === 0) return [];
    const serving = new Map<number, RoutableChannel>();
    for (const listed of aliases) {
      for (const tier of this.routes.get(group)?.get(listed) ?? []) {
        for (const channel of tier) {
          if (!serving.has(channel.id)) serving.set(channel.id, { ...channel, modelMapping: { ...channel.modelMapping, [model]: channel.modelMapping[listed] ?? listed } });
        }
      }
    }
    const tiers = tiersOf([...serving.values()]);
    if (this.aliasRoutes.size >= ALIAS_MEMO_LIMIT) this.aliasRoutes.clear();
    this.aliasRoutes.set(memoKey, tiers);
    return tiers;
  }

  /** Every model some enabled channel serves to the group, for GET /v1/models. */
  models(group: string): string[] {
    return [...(this.routes.get(group)?.keys() ?? [])].sort();
  }

  owner(group: string, model: string): RoutableChannel | undefined {
    return this.routes.get(group)?.get(model)?.[0]?.[0];
  }
}

function tiersOf(channels: RoutableChannel[]): Tier[] {
  const byPriority = new Map<number, Tier>();
  for (const channel of channels) byPriority.set(channel.priority, [...(byPriority.get(channel.priority) ?? []), channel]);
  return [...byPriority.entries()].sort(([a], [b]) => b - a).map(([, tier]) => tier);
}

function weightedPick(candidates: RoutableChannel[], random: () => number): RoutableChannel {
  if (candidates.length === 1) return candidates[0] as RoutableChannel;
  const weights = candidates.map((c) => Math.max(1, c.weight));
  let point = random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < candidates.length; i += 1) {
    point -= weights[i] as number;
    if (point < 0) return candidates[i] as RoutableChannel;
  }
  return candidates[candidates.length - 1] as RoutableChannel;
}
