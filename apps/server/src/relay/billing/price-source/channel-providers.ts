/**
 * Which of the price source's providers bills each channel type: a request on an Anthropic channel is priced
 * at Anthropic's list, one on Bedrock at Bedrock's. A channel type not named here (OpenAI-compatible servers,
 * proxies, the Chinese vendors the source does not list) is priced by the model's name: the first provider
 * whose names it fits, as the source's own library finds one.
 */
export const SOURCE_PROVIDER_BY_CHANNEL_TYPE: Readonly<Record<number, string>> = {
  1: 'openai',
  3: 'azure',
  14: 'anthropic',
  16: 'zhipuai',
  20: 'openrouter',
  24: 'google',
  25: 'moonshotai',
  27: 'minimax',
  28: 'mistral',
  29: 'groq',
  33: 'aws',
  35: 'cohere',
  36: 'deepseek',
  37: 'cloudflare',
  39: 'together',
  41: 'novita',
  42: 'google',
  45: 'x-ai',
  51: 'google',
};
