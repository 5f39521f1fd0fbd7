import type { NativeProtocol } from './client-protocols.js';
import { DEFAULT_MODELS_BY_TYPE } from './default-models.js';

/**
 * The provider catalog: every channel type one-api knows, as data. Vendors are data, protocols are code:
 * most vendors speak the OpenAI protocol at another base URL and need nothing more than an entry here.
 */
export type Protocol =
  | 'openai'
  | 'anthropic'
  | 'aws'
  | 'gemini'
  | 'palm'
  | 'vertexai'
  | 'baidu'
  | 'ali'
  | 'xunfei'
  | 'zhipu'
  | 'tencent'
  | 'cohere'
  | 'cloudflare'
  | 'coze'
  | 'deepl'
  | 'ollama'
  | 'replicate'
  | 'aiproxy-library'
  | 'proxy';

/** Relay endpoints an OpenAI-protocol vendor serves somewhere other than `{base}{request path}`. */
export interface OpenAIPaths {
  chat?: string;
  embeddings?: string;
}

export interface ChannelType {
  id: number;
  /** English label (spec section 3); the console translates it by `labelZh` in Chinese. */
  label: string;
  labelZh: string;
  color: string;
  protocol: Protocol;
  /** Empty when the operator must supply it (Azure, custom, Proxy) or it is computed (AWS, Vertex). */
  defaultBaseUrl: string;
  /** OpenAI protocol only: how the request path maps onto the base URL. */
  urlStyle?: 'standard' | 'azure' | 'strip-v1';
  paths?: OpenAIPaths;
  /** Extra headers the vendor asks integrators to send. */
  headers?: Record<string, string>;
  /** Listed in the channel form's type picker; deprecated proxies stay for existing channels. */
  deprecated?: boolean;
  /**
   * The vendor takes OpenAI's `stream_options.include_usage`: every stream asks for the usage, so that what
   * it charges is what is billed (Tollgate removes the usage chunk for a client that did not ask for it).
   * Left out where a vendor refuses the field (Azure before api-version 2024-09-01-preview, some vendors).
   */
  streamUsage?: boolean;
  /**
   * Client protocols the vendor also serves natively, each with the path below the base URL where it does
   * (`''` for the base URL itself): requests in them pass through unconverted. The channel's default; a
   * channel may declare its own list in its config (`native_protocols`).
   */
  native?: Partial<Record<NativeProtocol, string>>;
}

type Entry = Omit<ChannelType, 'labelZh'> & { labelZh?: string };

const entries: Entry[] = [
  { id: 1, label: 'OpenAI', color: 'green', protocol: 'openai', defaultBaseUrl: 'https://api.openai.com', native: { responses: '' } },
  { id: 50, label: 'OpenAI compatible', labelZh: 'OpenAI 兼容', color: 'olive', protocol: 'openai', defaultBaseUrl: '', urlStyle: 'strip-v1' },
  { id: 14, label: 'Anthropic Claude', color: 'black', protocol: 'anthropic', defaultBaseUrl: 'https://api.anthropic.com', native: { anthropic: '' } },
  { id: 33, label: 'AWS', color: 'black', protocol: 'aws', defaultBaseUrl: '', native: { anthropic: '' } },
  { id: 3, label: 'Azure OpenAI', color: 'olive', protocol: 'openai', defaultBaseUrl: '', urlStyle: 'azure', native: { responses: '' } },
  { id: 11, label: 'Google PaLM2', color: 'orange', protocol: 'palm', defaultBaseUrl: 'https://generativelanguage.googleapis.com' },
  { id: 24, label: 'Google Gemini', color: 'orange', protocol: 'gemini', defaultBaseUrl: 'https://generativelanguage.googleapis.com', native: { gemini: '' } },
  { id: 51, label: 'Gemini (OpenAI compatible)', color: 'orange', protocol: 'openai', defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai/', urlStyle: 'strip-v1' },
  { id: 28, label: 'Mistral AI', color: 'orange', protocol: 'openai', defaultBaseUrl: 'https://api.mistral.ai' },
  { id: 41, label: 'Novita', color: 'purple', protocol: 'openai', defaultBaseUrl: 'https://api.novita.ai/v3/openai', paths: { chat: '/chat/completions' } },
  { id: 40, label: 'ByteDance Doubao', labelZh: '字节火山引擎', color: 'blue', protocol: 'openai', defaultBaseUrl: 'https://ark.cn-beijing.volces.com', paths: { chat: '/api/v3/chat/completions', embeddings: '/api/v3/embeddings' } },
  { id: 15, label: 'Baidu Wenxin Qianfan', labelZh: '百度文心千帆', color: 'blue', protocol: 'baidu', defaultBaseUrl: 'https://aip.baidubce.com' },
  { id: 47, label: 'Baidu Wenxin Qianfan V2', labelZh: '百度文心千帆 V2', color: 'blue', protocol: 'openai', defaultBaseUrl: 'https://qianfan.baidubce.com', paths: { chat: '/v2/chat/completions' } },
  { id: 17, label: 'Alibaba Tongyi Qianwen', labelZh: '阿里通义千问', color: 'orange', protocol: 'ali', defaultBaseUrl: 'https://dashscope.aliyuncs.com' },
  { id: 49, label: 'Alibaba Bailian', labelZh: '阿里云百炼', color: 'orange', protocol: 'openai', defaultBaseUrl: 'https://dashscope.aliyuncs.com', paths: { chat: '/compatible-mode/v1/chat/completions', embeddings: '/compatible-mode/v1/embeddings' }, native: { anthropic: '/apps/anthropic' } },
  { id: 18, label: 'iFlytek Spark', labelZh: '讯飞星火认知', color: 'blue', protocol: 'xunfei', defaultBaseUrl: 'wss://spark-api.xf-yun.com' },
  { id: 48, label: 'iFlytek Spark V2', labelZh: '讯飞星火认知 V2', color: 'blue', protocol: 'openai', defaultBaseUrl: 'https://spark-api-open.xf-yun.com' },
  { id: 16, label: 'Zhipu ChatGLM', labelZh: '智谱 ChatGLM', color: 'violet', protocol: 'zhipu', defaultBaseUrl: 'https://open.bigmodel.cn', native: { anthropic: '/api/anthropic' } },
  { id: 19, label: '360 Zhinao', labelZh: '360 智脑', color: 'blue', protocol: 'openai', defaultBaseUrl: 'https://ai.360.cn' },
  { id: 25, label: 'Moonshot AI', color: 'black', protocol: 'openai', defaultBaseUrl: 'https://api.moonshot.cn', native: { anthropic: '/anthropic' } },
  { id: 23, label: 'Tencent Hunyuan', labelZh: '腾讯混元', color: 'teal', protocol: 'tencent', defaultBaseUrl: 'https://hunyuan.tencentcloudapi.com' },
  { id: 26, label: 'Baichuan', labelZh: '百川大模型', color: 'orange', protocol: 'openai', defaultBaseUrl: 'https://api.baichuan-ai.com' },
  { id: 27, label: 'MiniMax', color: 'red', protocol: 'openai', defaultBaseUrl: 'https://api.minimax.chat', paths: { chat: '/v1/text/chatcompletion_v2' } },
  { id: 29, label: 'Groq', color: 'orange', protocol: 'openai', defaultBaseUrl: 'https://api.groq.com/openai' },
  { id: 30, label: 'Ollama', color: 'black', protocol: 'ollama', defaultBaseUrl: 'http://localhost:11434' },
  { id: 31, label: '01.AI', labelZh: '零一万物', color: 'green', protocol: 'openai', defaultBaseUrl: 'https://api.lingyiwanwu.com' },
  { id: 32, label: 'StepFun', labelZh: '阶跃星辰', color: 'blue', protocol: 'openai', defaultBaseUrl: 'https://api.stepfun.com' },
  { id: 34, label: 'Coze', color: 'blue', protocol: 'coze', defaultBaseUrl: 'https://api.coze.com' },
  { id: 35, label: 'Cohere', color: 'blue', protocol: 'cohere', defaultBaseUrl: 'https://api.cohere.ai' },
  { id: 36, label: 'DeepSeek', color: 'black', protocol: 'openai', defaultBaseUrl: 'https://api.deepseek.com', native: { anthropic: '/anthropic' } },
  { id: 37, label: 'Cloudflare', color: 'orange', protocol: 'cloudflare', defaultBaseUrl: 'https://api.cloudflare.com' },
  { id: 38, label: 'DeepL', color: 'black', protocol: 'deepl', defaultBaseUrl: 'https://api-free.deepl.com' },
  { id: 39, label: 'together.ai', color: 'blue', protocol: 'openai', defaultBaseUrl: 'https://api.together.xyz' },
  { id: 42, label: 'VertexAI', color: 'blue', protocol: 'vertexai', defaultBaseUrl: '', native: { anthropic: '', gemini: '' } },
  { id: 43, label: 'Proxy', color: 'blue', protocol: 'proxy', defaultBaseUrl: '' },
  { id: 44, label: 'SiliconFlow', color: 'blue', protocol: 'openai', defaultBaseUrl: 'https://api.siliconflow.cn' },
  { id: 45, label: 'xAI', color: 'blue', protocol: 'openai', defaultBaseUrl: 'https://api.x.ai' },
  { id: 46, label: 'Replicate', color: 'blue', protocol: 'replicate', defaultBaseUrl: 'https://api.replicate.com/v1/models/' },
  { id: 8, label: 'custom channel', labelZh: '自定义渠道', color: 'pink', protocol: 'openai', defaultBaseUrl: '' },
  { id: 22, label: 'knowledge base FastGPT', labelZh: '知识库：FastGPT', color: 'blue', protocol: 'openai', defaultBaseUrl: 'https://fastgpt.run/api/openapi' },
  { id: 21, label: 'knowledge base AI Proxy', labelZh: '知识库：AI Proxy', color: 'purple', protocol: 'aiproxy-library', defaultBaseUrl: 'https://api.aiproxy.io' },
  { id: 20, label: 'proxy OpenRouter', labelZh: '代理：OpenRouter', color: 'black', protocol: 'openai', defaultBaseUrl: 'https://openrouter.ai/api', headers: { 'HTTP-Referer': 'https://github.com/songquanpeng/one-api', 'X-Title': 'One API' } },
  { id: 2, label: 'proxy API2D', labelZh: '代理：API2D', color: 'blue', protocol: 'openai', defaultBaseUrl: 'https://oa.api2d.net', deprecated: true },
  { id: 5, label: 'proxy OpenAI-SB', labelZh: '代理：OpenAI-SB', color: 'brown', protocol: 'openai', defaultBaseUrl: 'https://api.openai-sb.com', deprecated: true },
  { id: 7, label: 'proxy OhMyGPT', labelZh: '代理：OhMyGPT', color: 'purple', protocol: 'openai', defaultBaseUrl: 'https://api.ohmygpt.com', deprecated: true },
  { id: 10, label: 'proxy AI Proxy', labelZh: '代理：AI Proxy', color: 'purple', protocol: 'openai', defaultBaseUrl: 'https://api.aiproxy.io', deprecated: true },
  { id: 4, label: 'proxy CloseAI', labelZh: '代理：CloseAI', color: 'teal', protocol: 'openai', defaultBaseUrl: 'https://api.closeai-proxy.xyz', deprecated: true },
  { id: 6, label: 'proxy OpenAI Max', labelZh: '代理：OpenAI Max', color: 'violet', protocol: 'openai', defaultBaseUrl: 'https://api.openaimax.com', deprecated: true },
  { id: 9, label: 'proxy AI.LS', labelZh: '代理：AI.LS', color: 'yellow', protocol: 'openai', defaultBaseUrl: 'https://api.caipacity.com', deprecated: true },
  { id: 12, label: 'proxy API2GPT', labelZh: '代理：API2GPT', color: 'blue', protocol: 'openai', defaultBaseUrl: 'https://api.api2gpt.com', deprecated: true },
  { id: 13, label: 'proxy AIGC2D', labelZh: '代理：AIGC2D', color: 'purple', protocol: 'openai', defaultBaseUrl: 'https://api.aigc2d.com', deprecated: true },
];

/** OpenAI, OpenRouter, Groq, DeepSeek, together.ai, SiliconFlow, xAI, Qianfan V2, Bailian, Gemini's OpenAI endpoint. */
const STREAM_USAGE_TYPES = new Set([1, 20, 29, 36, 39, 44, 45, 47, 49, 51]);

/** In the console's order (spec section 3), which is the order of the type picker. */
export const CHANNEL_TYPES: readonly ChannelType[] = entries.map((entry) => ({
  ...entry,
  labelZh: entry.labelZh ?? entry.label,
  ...(STREAM_USAGE_TYPES.has(entry.id) ? { streamUsage: true } : {}),
}));

const byId = new Map(CHANNEL_TYPES.map((type) => [type.id, type]));

export const channelType = (id: number): ChannelType | undefined => byId.get(id);

export const defaultModels = (id: number): readonly string[] => DEFAULT_MODELS_BY_TYPE[id] ?? [];

/** The client protocols a type takes natively by default, in the catalog's order. */
export const defaultNativeProtocols = (id: number): NativeProtocol[] => Object.keys(byId.get(id)?.native ?? {}) as NativeProtocol[];

/** The shape one-api's console uses for its type options: key, text, value and color. */
export const channelTypeOptions = (language: 'en' | 'zh' = 'en') =>
  CHANNEL_TYPES.map((type) => ({ key: type.id, text: language === 'zh' ? type.labelZh : type.label, value: type.id, color: type.color }));
