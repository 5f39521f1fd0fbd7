import type { ChannelView } from '@tollgate/contract';
import { isValidJson, removeTrailingSlash } from '@/lib/format/text';
import { OTHER_IN_CONFIG, type ChannelFormValues } from './channel-form-values';
import { withNativeProtocols } from './native-protocols';

const AZURE = 3;
const AWS = 33;
const VERTEX_AI = 42;
const PROXY = 43;
const DEFAULT_AZURE_API_VERSION = '2024-03-01-preview';

/** Why a channel form cannot be sent; each names a message of `channels.messages`. */
export type ChannelFormProblem = 'nameAndKeyRequired' | 'modelsRequired' | 'modelMappingInvalid' | 'groupsRequired';

/** POST and PUT /api/channel/ bodies: models and group comma-joined, config as a JSON string. */
export type ChannelPayload = Partial<ChannelView> & { groups: string[] };

/**
 * The service-account JSON on one line. A downloaded key file is pretty-printed, and the server makes one
 * channel per key line, so a pasted file would otherwise become a channel per line of JSON. Line breaks in
 * valid JSON are only whitespace between tokens: minifying it loses nothing.
 */
const singleLine = (text: string): string => (isValidJson(text) ? JSON.stringify(JSON.parse(text)) : text.replace(/\s*\r?\n\s*/g, ' '));

/** The key as typed; when left empty, AWS builds it from ak|sk|region and Vertex AI from region|project|adc. */
export function composedKey({ key, type, config }: ChannelFormValues): string {
  if (key.trim() !== '') return key;
  if (type === AWS && config.ak && config.sk && config.region) return `${config.ak}|${config.sk}|${config.region}`;
  if (type === VERTEX_AI && config.region && config.vertex_ai_project_id && config.vertex_ai_adc) {
    return `${config.region}|${config.vertex_ai_project_id}|${singleLine(config.vertex_ai_adc)}`;
  }
  return key;
}

/** Every type but the proxy (43) serves models, so it needs at least one (spec section 5). */
export const needsModels = (type: number): boolean => type !== PROXY;

/** The rules of spec section 5, in one-api's order; undefined when the form may be sent. */
export function checkChannelForm(values: ChannelFormValues, editing: boolean): ChannelFormProblem | undefined {
  // Editing keeps the stored key when none is typed, so only a new channel needs one.
  if (!editing && (values.name.trim() === '' || composedKey(values).trim() === '')) return 'nameAndKeyRequired';
  if (needsModels(values.type) && values.models.length === 0) return 'modelsRequired';
  if (values.model_mapping.trim() !== '' && !isValidJson(values.model_mapping)) return 'modelMappingInvalid';
  if (values.groups.length === 0) return 'groupsRequired';
  return undefined;
}

/**
 * The body to send. An edit sends the whole loaded channel back with the edits, as one-api's console does;
 * an empty priority or weight is left out, so the stored value stays. Both were checked by the field rules
 * and are sent as typed: a negative weight is refused there, not clamped to 0 (issue 35).
 */
export function toChannelPayload(values: ChannelFormValues, loaded?: ChannelView): ChannelPayload {
  const other = values.type === AZURE && values.other.trim() === '' ? DEFAULT_AZURE_API_VERSION : values.other.trim();
  const otherKey = OTHER_IN_CONFIG[values.type];
  const withOther = otherKey ? { ...values.config, [otherKey]: other } : values.config;
  const config = withNativeProtocols(withOther, values.native_protocols, values.type);
  const payload: ChannelPayload = {
    ...loaded,
    name: values.name.trim(),
    type: values.type,
    key: composedKey(values),
    base_url: removeTrailingSlash(values.base_url.trim()),
    other,
    model_mapping: values.model_mapping.trim(),
    system_prompt: values.system_prompt,
    models: values.models.join(','),
    group: values.groups.join(','),
    groups: values.groups,
    config: JSON.stringify(config),
  };
  if (values.priority !== null) payload.priority = values.priority;
  if (values.weight !== null) payload.weight = values.weight;
  return payload;
}
