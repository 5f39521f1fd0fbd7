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
 * The adaptor of every protocol of the catalog. A complete record: a protocol added to the catalog without
 * an adaptor does not compile.
 */
const ADAPTORS: Record<Protocol, Adaptor> = {
  openai: openAIAdaptor,
  anthropic: anthropicAdaptor,
  aws: bedrockAdaptor,
  gemini: geminiAdaptor,
  palm: palmAdaptor,
  vertexai: vertexAdaptor,
  ollama: ollamaAdaptor,
  cohere: cohereAdaptor,
  ali: dashScopeAdaptor,
  zhipu: zhipuAdaptor,
  baidu: baiduAdaptor,
  xunfei: sparkAdaptor,
  tencent: tencentAdaptor,
  cloudflare: cloudflareAdaptor,
  coze: cozeAdaptor,
  deepl: deeplAdaptor,
  replicate: replicateAdaptor,
  'aiproxy-library': aiProxyLibraryAdaptor,
  proxy: proxyAdaptor,
};

export const adaptorFor = (protocol: Protocol): Adaptor => ADAPTORS[protocol];
