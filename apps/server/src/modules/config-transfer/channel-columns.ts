import { ChannelInputSchema, message, type ChannelInput, type ConfigChannel, type MessageRef } from '@tollgate/contract';
import type { ChannelRow } from '../../db/schema.js';
import { fail } from '../../http/errors.js';
import { reasonOf } from '../../http/validation.js';
import { ChannelFieldError, formFields, normaliseConfig, validatedFields, type ChannelField, type ChannelFormInput, type FormFields } from '../channels/channel-fields.js';
import { channelToDocument } from './config-values.js';

/**
 * A document's channel goes through the channel API's own rules (channels/channel-fields.ts): it is turned
 * into the form the console would send with the same fields, so an imported channel is stored exactly as
 * the console would have stored it, and one the console would refuse is refused here.
 */

export type ChannelColumns = Required<FormFields> & { status: number };

/** The document's field of each form field a rule can refuse. */
const DOCUMENT_FIELD: Record<ChannelField, string> = { name: 'name', key: 'key', models: 'models', group: 'groups', model_mapping: 'model_mapping', config: 'config' };

export const channelLabel = (channel: { name: string | null; type: number }) => `${channel.name ?? ''} (type ${channel.type})`;

/** `channels[3].models, channel main (type 1): ...`: where the document is refused, and which channel that is. */
export const invalidChannelField = (index: number, field: string, channel: ConfigChannel, reason: MessageRef) =>
  fail('config.invalid_channel_field', { path: `channels[${index}].${field}`, channel: channelLabel(channel), reason });

/** The channel as the console's form sends it: lists as lists, JSON fields as JSON text, nothing for an empty object. */
export function channelToInput(channel: ConfigChannel): ChannelInput {
  return {
    name: channel.name,
    type: channel.type,
    key: channel.key ?? '',
    status: channel.status,
    base_url: channel.base_url,
    other: channel.other,
    models: channel.models,
    group: channel.groups,
    model_mapping: Object.keys(channel.model_mapping).length > 0 ? JSON.stringify(channel.model_mapping) : '',
    system_prompt: channel.system_prompt,
    config: Object.keys(channel.config).length > 0 ? channel.config : '',
    priority: channel.priority,
    weight: channel.weight,
  };
}

/** The columns the channel API would store for the document's channel at `index`, with the form input they came from. */
export function documentChannelColumns(channel: ConfigChannel, index: number): { columns: ChannelColumns; input: ChannelFormInput } {
  const parsed = ChannelInputSchema.safeParse(channelToInput(channel));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? '');
    throw invalidChannelField(index, DOCUMENT_FIELD[field as ChannelField] ?? field, channel, issue ? reasonOf(issue) : message('validation.reason.invalid'));
  }
  try {
    const config = normaliseConfig(parsed.data.config);
    return { columns: { ...(validatedFields(parsed.data, config) as Required<FormFields>), status: channel.status }, input: parsed.data };
  } catch (error) {
    if (error instanceof ChannelFieldError) throw invalidChannelField(index, DOCUMENT_FIELD[error.field], channel, message(error.code));
    throw error;
  }
}

/**
 * A stored channel read the same way, so that a difference of spelling (spaces in its model mapping or its
 * lists) is no change. Unchecked: a row another program wrote may not pass the rules, and is then replaced.
 * `other` is taken as stored: the Azure default is a rule the import applies, not a spelling.
 */
export function storedChannelColumns(row: ChannelRow): ChannelColumns {
  const document = channelToDocument(row, true);
  const parsed = ChannelInputSchema.safeParse(channelToInput(document));
  const columns = parsed.success ? formFields(parsed.data, normaliseConfig(parsed.data.config)) : rawColumns(row);
  return { ...(columns as Required<FormFields>), other: row.other ?? '', status: document.status };
}

function rawColumns(row: ChannelRow): FormFields {
  const { name, type, base_url, other, model_mapping, system_prompt, models, group, config, priority, weight } = row;
  return { name, type, base_url, other, model_mapping, system_prompt, models, group, config, priority, weight };
}
