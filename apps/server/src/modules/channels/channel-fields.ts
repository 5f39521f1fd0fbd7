import { CHANNEL_LIMITS, ChannelMessages, type ChannelInputSchema, type MessageCode } from '@tollgate/contract';
import type { NewChannel } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { isValidModelMapping } from '../../db/channel-columns.js';
import { RERANK_FORMATS } from '../../providers/rerank/rerank-format.js';

/**
 * The rules a channel's fields go through before they are stored: the channel routes apply them to the
 * console's form, and the configuration import to a document's channel, so both store the same columns.
 */

export type ChannelFormInput = ReturnType<typeof ChannelInputSchema.parse>;

export type FormFields = Pick<NewChannel, 'name' | 'type' | 'base_url' | 'other' | 'model_mapping' | 'system_prompt' | 'models' | 'group' | 'config' | 'priority' | 'weight'>;

/** The form fields a refusal can be about (the form's names; a document calls `group` `groups`). */
export type ChannelField = 'name' | 'key' | 'models' | 'group' | 'model_mapping' | 'config';

/** A refusal of the channel rules: answered as its message like any ApiError, and naming its field for the import. */
export class ChannelFieldError extends ApiError {
  constructor(
    code: MessageCode,
    readonly field: ChannelField,
  ) {
    super(code);
  }
}

/** The counters of a channel just created (one-api's columns have no defaults in every dialect). */
export const NEW_CHANNEL_COUNTERS = { test_time: 0, response_time: 0, balance: 0, balance_updated_time: 0, used_quota: 0 };

const AZURE = 3;
const AWS = 33;
const VERTEX_AI = 42;
const PROXY = 43;
const DEFAULT_AZURE_API_VERSION = '2024-03-01-preview';

/** The fields checked, then as stored. */
export function validatedFields(input: ChannelFormInput, config: string): FormFields {
  const fields = formFields(input, config);
  if (input.models.length === 0 && input.type !== PROXY) throw new ChannelFieldError(ChannelMessages.modelsRequired, 'models');
  if (!fields.group) throw new ChannelFieldError(ChannelMessages.groupsRequired, 'group');
  if (!isValidModelMapping(input.model_mapping)) throw new ChannelFieldError(ChannelMessages.modelMappingInvalid, 'model_mapping');
  // Checked here, as PostgreSQL and MySQL would refuse them with an error (SQLite stores any length).
  if (charCount(input.name) > CHANNEL_LIMITS.name) throw new ChannelFieldError(ChannelMessages.nameTooLong, 'name');
  if (charCount(fields.group ?? '') > CHANNEL_LIMITS.group) throw new ChannelFieldError(ChannelMessages.groupTooLong, 'group');
  if (charCount(input.model_mapping) > CHANNEL_LIMITS.modelMapping) throw new ChannelFieldError(ChannelMessages.modelMappingTooLong, 'model_mapping');
  return fields;
}

/**
 * The fields as stored, without the checks: the import also reads a stored channel through this, to
 * compare like with like, and a row another program wrote may not pass them.
 */
export function formFields(input: ChannelFormInput, config: string): FormFields {
  const groups = input.group.length > 0 ? input.group : (input.groups ?? []).map((g) => g.trim()).filter(Boolean);
  return {
    name: input.name,
    type: input.type,
    base_url: input.base_url,
    other: input.type === AZURE && !input.other ? DEFAULT_AZURE_API_VERSION : input.other,
    model_mapping: input.model_mapping,
    system_prompt: input.system_prompt,
    models: input.models.join(','),
    group: [...new Set(groups)].join(','),
    config,
    priority: input.priority ?? 0,
    weight: Math.max(0, input.weight ?? 0),
  };
}

/** Characters as the databases count them (code points, not UTF-16 units). */
const charCount = (text: string) => [...text].length;

/** The config column holds a JSON object as a string (region, ak, sk, user_id, vertex fields...). */
export function normaliseConfig(config: ChannelFormInput['config'] | string | null): string {
  if (config == null || config === '') return '';
  if (typeof config !== 'string') return JSON.stringify(config);
  let parsed: unknown;
  try {
    parsed = JSON.parse(config);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
  } catch {
    throw new ChannelFieldError(ChannelMessages.configInvalid, 'config');
  }
  checkRerankFormat((parsed as Record<string, unknown>).rerank_format);
  return config;
}

/** A channel's rerank format (providers/rerank/rerank-format.ts): one Tollgate speaks, or none (then it is inferred). */
function checkRerankFormat(format: unknown): void {
  if (format === undefined || format === null || format === '') return;
  if (typeof format !== 'string' || !(RERANK_FORMATS as readonly string[]).includes(format.trim().toLowerCase())) {
    throw new ChannelFieldError(ChannelMessages.rerankFormatInvalid, 'config');
  }
}

/**
 * Keys, one per line; AWS and Vertex AI compose theirs from the config fields when the key is left blank.
 * A key that is one JSON document (a Vertex service-account file pasted as it is) is one key, whatever
 * its line breaks.
 */
export function channelKeys(input: ChannelFormInput, config: string): string[] {
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
