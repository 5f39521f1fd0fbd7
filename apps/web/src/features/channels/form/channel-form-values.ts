import { DEFAULT_CHANNEL_TYPE, DEFAULT_GROUP, type ChannelView } from '@tollgate/contract';
import { isValidJson } from '@/lib/format/text';
import { storedNativeProtocols, type NativeProtocolChoice } from './native-protocols';

/** The channel's `config` column: a JSON object of the type-specific credentials and settings. */
export interface ChannelConfig {
  region: string;
  sk: string;
  ak: string;
  user_id: string;
  vertex_ai_project_id: string;
  vertex_ai_adc: string;
  api_version: string;
  library_id: string;
  plugin: string;
  /** How POST /v1/rerank is sent to an OpenAI-protocol server (docs/client-protocols.md, Rerank); blank: by its address. */
  rerank_format: string;
}

const EMPTY_CONFIG: ChannelConfig = {
  region: '',
  sk: '',
  ak: '',
  user_id: '',
  vertex_ai_project_id: '',
  vertex_ai_adc: '',
  api_version: '',
  library_id: '',
  plugin: '',
  rerank_format: '',
};

/**
 * The types whose `other` column also lives in config under a name (one-api's newer console reads config):
 * Azure's and Spark's API version, AI Proxy's library id, Ali's plugin.
 */
export const OTHER_IN_CONFIG: Readonly<Record<number, keyof ChannelConfig>> = { 3: 'api_version', 18: 'api_version', 21: 'library_id', 17: 'plugin' };

export interface ChannelFormValues {
  type: number;
  name: string;
  key: string;
  base_url: string;
  other: string;
  model_mapping: string;
  system_prompt: string;
  models: string[];
  groups: string[];
  /** null: the input was left empty, which leaves the value as it is. */
  priority: number | null;
  weight: number | null;
  config: ChannelConfig;
  /** config.native_protocols, edited apart from the other config fields (null: the type's defaults). */
  native_protocols: NativeProtocolChoice;
}

const splitList = (text: string): string[] => [...new Set(text.split(',').map((item) => item.trim()).filter(Boolean))];

function parseConfig(text: string): ChannelConfig {
  if (!isValidJson(text)) return { ...EMPTY_CONFIG };
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null) return { ...EMPTY_CONFIG };
  const fields = Object.entries(parsed).filter(([, value]) => typeof value === 'string');
  return { ...EMPTY_CONFIG, ...Object.fromEntries(fields) };
}

/** A stored mapping is shown pretty-printed; anything unparsable is shown as it is. */
const prettyJson = (text: string): string => (text !== '' && isValidJson(text) ? JSON.stringify(JSON.parse(text), null, 2) : text);

/** The form's values for a new channel, or for one loaded to edit (its key is never sent back: blank). */
export function toFormValues(channel?: ChannelView): ChannelFormValues {
  if (!channel) {
    return { type: DEFAULT_CHANNEL_TYPE, name: '', key: '', base_url: '', other: '', model_mapping: '', system_prompt: '', models: [], groups: [DEFAULT_GROUP], priority: null, weight: null, config: { ...EMPTY_CONFIG }, native_protocols: null };
  }
  const config = parseConfig(channel.config);
  const otherKey = OTHER_IN_CONFIG[channel.type];
  return {
    type: channel.type,
    name: channel.name,
    key: '',
    base_url: channel.base_url,
    other: channel.other || (otherKey ? config[otherKey] : ''),
    model_mapping: prettyJson(channel.model_mapping),
    system_prompt: channel.system_prompt,
    models: splitList(channel.models),
    groups: splitList(channel.group),
    priority: channel.priority,
    weight: channel.weight,
    config,
    native_protocols: storedNativeProtocols(config),
  };
}
