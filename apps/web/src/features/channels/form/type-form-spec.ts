import type { Messages } from '@/app/i18n/zh';
import { hasBalance } from '../balance';
import type { ChannelConfig } from './channel-form-values';

type FormTexts = Messages['channels']['form'];
/** A text of `channels.form` (not a nested group). */
export type FormText = { [K in keyof FormTexts]: FormTexts[K] extends string ? K : never }[keyof FormTexts];
type KeyPlaceholder = keyof FormTexts['keyPlaceholders'];

export interface TextField {
  label: FormText;
  placeholder: FormText;
  /** A text area, for JSON credentials. */
  multiline?: boolean;
}

/** What the form shows for a channel type beyond the common fields (one-api's channel form, as data). */
export interface TypeFormSpec {
  /** The base_url input: a proxy for most types, or the address the type cannot do without. */
  baseUrl?: TextField;
  /** The legacy `other` column under its meaning for this type. */
  other?: TextField;
  /** Fields stored in the config JSON; AWS (when no key is typed) and Vertex AI build their key from them. */
  config: readonly (TextField & { name: keyof ChannelConfig })[];
  /** Vertex AI takes credentials instead of a key. */
  hasKey: boolean;
  keyPlaceholder: KeyPlaceholder;
  hasModels: boolean;
  notices: readonly FormText[];
}

const PROXY_URL: TextField = { label: 'proxy', placeholder: 'proxyPlaceholder' };

/** The servers behind a custom or OpenAI-compatible channel may rerank in another vendor's wire (TEI's, Voyage's). */
const RERANK_FORMAT = { name: 'rerank_format', label: 'rerankFormat', placeholder: 'rerankFormatPlaceholder' } as const;

const SPECS: Readonly<Record<number, Partial<TypeFormSpec>>> = {
  3: {
    baseUrl: { label: 'azureEndpoint', placeholder: 'azureEndpointPlaceholder' },
    other: { label: 'azureApiVersion', placeholder: 'azureApiVersionPlaceholder' },
    notices: ['azureNotice'],
  },
  8: { baseUrl: { label: 'customBaseUrl', placeholder: 'customBaseUrlPlaceholder' }, config: [RERANK_FORMAT] },
  15: { keyPlaceholder: 'baidu', notices: ['baiduNotice'] },
  17: { other: { label: 'plugin', placeholder: 'pluginPlaceholder' } },
  18: { other: { label: 'sparkVersion', placeholder: 'sparkVersionPlaceholder' }, keyPlaceholder: 'spark' },
  21: { other: { label: 'libraryId', placeholder: 'libraryIdPlaceholder' } },
  22: { baseUrl: { label: 'fastgptBaseUrl', placeholder: 'fastgptBaseUrlPlaceholder' }, keyPlaceholder: 'fastgpt' },
  23: { keyPlaceholder: 'tencent', notices: ['tencentNotice'] },
  33: {
    // one-api has no address for AWS; a private (VPC) endpoint or a proxy needs one.
    baseUrl: { label: 'bedrockEndpoint', placeholder: 'bedrockEndpointPlaceholder' },
    // The fields make one-api's AK|SK|Region; temporary credentials and Bedrock API keys are typed as the key.
    keyPlaceholder: 'aws',
    notices: ['awsNotice'],
    config: [
      { name: 'region', label: 'region', placeholder: 'awsRegionPlaceholder' },
      { name: 'ak', label: 'ak', placeholder: 'akPlaceholder' },
      { name: 'sk', label: 'sk', placeholder: 'skPlaceholder' },
    ],
  },
  34: { config: [{ name: 'user_id', label: 'userId', placeholder: 'userIdPlaceholder' }], notices: ['cozeNotice'] },
  37: { config: [{ name: 'user_id', label: 'accountId', placeholder: 'accountIdPlaceholder' }] },
  40: { notices: ['doubaoNotice'] },
  42: {
    hasKey: false,
    config: [
      { name: 'region', label: 'region', placeholder: 'vertexRegionPlaceholder' },
      { name: 'vertex_ai_project_id', label: 'vertexProjectId', placeholder: 'vertexProjectId' },
      { name: 'vertex_ai_adc', label: 'vertexAdc', placeholder: 'vertexAdc', multiline: true },
    ],
  },
  43: { hasModels: false, notices: ['proxyNotice'] },
  50: { config: [RERANK_FORMAT] },
};

/** The form of one type: the defaults (a key, models, an optional proxy URL) with the type's differences. */
export function typeFormSpec(type: number): TypeFormSpec {
  const spec: TypeFormSpec = { baseUrl: PROXY_URL, config: [], hasKey: true, keyPlaceholder: 'default', hasModels: true, notices: [], ...SPECS[type] };
  // Types whose balance the list can query say so (OpenAI, custom, the proxies, DeepSeek, SiliconFlow).
  return hasBalance(type) ? { ...spec, notices: [...spec.notices, 'balanceNotice'] } : spec;
}
