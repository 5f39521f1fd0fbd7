import { CHANNEL_LIMITS, ChannelInputSchema, ChannelMessages, ChannelStatus, type ChannelView } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import type { NewChannel } from '../../db/schema.js';
import { fail } from '../../http/errors.js';
import { nowSeconds } from '../../lib/random.js';
import { parseOrFail } from '../users/users.service.js';
import { insertAbilities, rebuildAbilities } from './abilities.js';
import { keepStoredSecrets } from './channel-config.js';
import { toChannelView } from './channel-view.js';
import * as repo from './channels.repository.js';
import { isValidModelMapping } from '../../db/channel-columns.js';

type Input = ReturnType<typeof ChannelInputSchema.parse>;

const AZURE = 3;
const AWS = 33;
const VERTEX_AI = 42;
const PROXY = 43;
const DEFAULT_AZURE_API_VERSION = '2024-03-01-preview';
const NEW_CHANNEL_COUNTERS = { test_time: 0, response_time: 0, balance: 0, balance_updated_time: 0, used_quota: 0 };

/** Creates one channel per non-empty key line (batch add), each with its abilities. */
export async function createChannels(ctx: AppContext, body: unknown): Promise<number[]> {
  const input = parseOrFail(ChannelInputSchema, body);
  const config = normaliseConfig(input.config);
  const keys = channelKeys(input, config);
  if (!input.name || keys.length === 0) throw fail(ChannelMessages.nameAndKeyRequired);
  const fields = validatedFields(input, config);
  return ctx.db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const key of keys) {
      const id = await repo.insertChannel(trx, ctx.dialect, { ...fields, ...NEW_CHANNEL_COUNTERS, key, status: input.status ?? ChannelStatus.Enabled, created_time: nowSeconds() });
      const row = await repo.findChannel(trx, id);
      if (row) await insertAbilities(trx, row);
      ids.push(id);
    }
    return ids;
  });
}

/**
 * A full update (every field the form sends; a blank key keeps the stored one), or a quick change of
 * status, priority or weight alone as the channel list sends them.
 */
export async function updateChannel(ctx: AppContext, body: unknown): Promise<ChannelView> {
  const input = parseOrFail(ChannelInputSchema, body);
  if (input.id === undefined) throw fail('channel.id_required');
  const existing = await repo.findChannel(ctx.db, input.id);
  if (!existing) throw fail('channel.not_found');
  const raw = (body ?? {}) as Record<string, unknown>;
  const quick = Object.keys(raw).every((k) => ['id', 'status', 'priority', 'weight'].includes(k));
  const patch: Partial<NewChannel> = {};
  if (input.status !== undefined) {
    if (![ChannelStatus.Enabled, ChannelStatus.ManuallyDisabled, ChannelStatus.AutoDisabled].includes(input.status as 1 | 2 | 3)) throw fail('channel.status_invalid');
    patch.status = input.status;
  }
  if (input.priority != null) patch.priority = input.priority;
  if (input.weight != null) patch.weight = Math.max(0, input.weight);
  if (!quick) {
    const config = keepStoredSecrets(normaliseConfig(input.config ?? existing.config), existing.config);
    Object.assign(patch, validatedFields(input, config));
    const key = input.key.trim();
    if (key) patch.key = key;
  }
  return ctx.db.transaction().execute(async (trx) => {
    await repo.updateChannel(trx, existing.id, patch);
    const row = await repo.findChannel(trx, existing.id);
    if (!row) throw fail('channel.not_found');
    await rebuildAbilities(trx, row);
    return toChannelView(row, ctx.relay.breakers.view(row.id));
  });
}

type FormFields = Pick<NewChannel, 'name' | 'type' | 'base_url' | 'other' | 'model_mapping' | 'system_prompt' | 'models' | 'group' | 'config' | 'priority' | 'weight'>;

function validatedFields(input: Input, config: string): FormFields {
  const groups = input.group.length > 0 ? input.group : (input.groups ?? []).map((g) => g.trim()).filter(Boolean);
  if (input.models.length === 0 && input.type !== PROXY) throw fail(ChannelMessages.modelsRequired);
  if (groups.length === 0) throw fail(ChannelMessages.groupsRequired);
  if (!isValidModelMapping(input.model_mapping)) throw fail(ChannelMessages.modelMappingInvalid);
  const group = [...new Set(groups)].join(',');
  // Checked here, as PostgreSQL and MySQL would refuse them with an error (SQLite stores any length).
  if (charCount(input.name) > CHANNEL_LIMITS.name) throw fail(ChannelMessages.nameTooLong);
  if (charCount(group) > CHANNEL_LIMITS.group) throw fail(ChannelMessages.groupTooLong);
  if (charCount(input.model_mapping) > CHANNEL_LIMITS.modelMapping) throw fail(ChannelMessages.modelMappingTooLong);
  return {
    name: input.name,
    type: input.type,
    base_url: input.base_url,
    other: input.type === AZURE && !input.other ? DEFAULT_AZURE_API_VERSION : input.other,
    model_mapping: input.model_mapping,
    system_prompt: input.system_prompt,
    models: input.models.join(','),
    group,
    config,
    priority: input.priority ?? 0,
    weight: Math.max(0, input.weight ?? 0),
  };
}

/** Characters as the databases count them (code points, not UTF-16 units). */
const charCount = (text: string) => [...text].length;

/** The config column holds a JSON object as a string (region, ak, sk, user_id, vertex fields...). */
function normaliseConfig(config: Input['config'] | string | null): string {
  if (config == null || config === '') return '';
  if (typeof config !== 'string') return JSON.stringify(config);
  try {
    const parsed: unknown = JSON.parse(config);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    return config;
  } catch {
    throw fail(ChannelMessages.configInvalid);
  }
}

/**
 * Keys, one per line; AWS and Vertex AI compose theirs from the config fields when the key is left blank.
 * A key that is one JSON document (a Vertex service-account file pasted as it is) is one key, whatever
 * its line breaks.
 */
function channelKeys(input: Input, config: string): string[] {
  const document = jsonObject(input.key);
  if (document) return [JSON.stringify(document)];
  const lines = input.key.split('\n').map((line) => line.trim()).filter(Boolean);
  if (lines.length > 0) return lines;
  const fields = config ? (JSON.parse(config) as Record<string, unknown>) : {};
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '');
  if (input.type === AWS && text('ak') && text('sk')) return [`${text('ak')}|${text('sk')}|${text('region')}`];
  if (input.type === VERTEX_AI && text('vertex_ai_adc')) return [`${text('region')}|${text('vertex_ai_project_id')}|${text('vertex_ai_adc')}`];
  return [];
}

function jsonObject(text: string): object | undefined {
  if (!text.trim().startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export async function getChannel(ctx: AppContext, id: number): Promise<ChannelView> {
  const row = await repo.findChannel(ctx.db, id);
  if (!row) throw fail('channel.not_found');
  return toChannelView(row, ctx.relay.breakers.view(row.id));
}
