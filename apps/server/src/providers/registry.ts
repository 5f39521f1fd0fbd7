import type { Protocol } from '@tollgate/contract';
import type { Adaptor } from './adaptor.js';
import { aiProxyLibraryAdaptor } from './aiproxy-library/adaptor.js';
import { dashScopeAdaptor } from './ali/adaptor.js';
import { anthropicAdaptor } from './anthropic/adaptor.js';
import { bedrockAdaptor } from './aws/adaptor.js';
import { baiduAdaptor } from './baidu/adaptor.js';
import { cloudflareAdaptor } from './cloudflare/adaptor.js';
import { cohereAdaptor } from './cohere/adaptor.js';
import { cozeAdaptor } from './coze/adaptor.js';
import { deeplAdaptor } from './deepl/adaptor.js';
import { geminiAdaptor } from './gemini/adaptor.js';
import { ollamaAdaptor } from './ollama/adaptor.js';
import { openAIAdaptor } from './openai/adaptor.js';
import { palmAdaptor } from './palm/adaptor.js';
import { proxyAdaptor } from './proxy/adaptor.js';
import { replicateAdaptor } from './replicate/adaptor.js';
import { tencentAdaptor } from './tencent/adaptor.js';
import { vertexAdaptor } from './vertex/adaptor.js';
import { sparkAdaptor } from './xunfei/adaptor.js';
import { zhipuAdaptor } from './zhipu/adaptor.js';

/**
 * The adaptor of each protocol of the catalog. Protocols not listed here are waiting for their native
 * adaptor (the native-adaptors issue); channels of those types answer a clear 501 instead of failing oddly.
 */
const ADAPTORS: Partial<Record<Protocol, Adaptor>> = {
  openai: openAIAdaptor,
  anthropic: anthropicAdaptor,
  gemini: geminiAdaptor,
  ollama: ollamaAdaptor,
  cohere: cohereAdaptor,
  ali: dashScopeAdaptor,
  zhipu: zhipuAdaptor,
  baidu: baiduAdaptor,
  'aiproxy-library': aiProxyLibraryAdaptor,
  coze: cozeAdaptor,
  proxy: proxyAdaptor,
  cloudflare: cloudflareAdaptor,
  deepl: deeplAdaptor,
  vertexai: vertexAdaptor,
  palm: palmAdaptor,
  tencent: tencentAdaptor,
  xunfei: sparkAdaptor,
  aws: bedrockAdaptor,
  replicate: replicateAdaptor,
};

/** Protocols whose native adaptor is still to come (the native-adaptors issue); their channels answer 501. */
export const AWAITING_NATIVE_ADAPTOR: readonly Protocol[] = [
];

export const adaptorFor = (protocol: Protocol): Adaptor | undefined => ADAPTORS[protocol];

export const supportedProtocols = (): Protocol[] => Object.keys(ADAPTORS) as Protocol[];
