/**
 * The wenxinworkshop endpoint of each model; other models use their lowercased name, as one-api does
 * (reference providers.md 7.2). Docs: https://cloud.baidu.com/doc/WENXINWORKSHOP/s/clntwmv7t
 */
const ENDPOINTS: Record<string, string> = {
  'ERNIE-4.0-8K': 'completions_pro',
  'ERNIE-3.5-8K': 'completions',
  'ERNIE-3.5-8K-0205': 'ernie-3.5-8k-0205',
  'ERNIE-3.5-8K-1222': 'ernie-3.5-8k-1222',
  'ERNIE-Bot-8K': 'ernie_bot_8k',
  'ERNIE-3.5-4K-0205': 'ernie-3.5-4k-0205',
  'ERNIE-Speed-8K': 'ernie_speed',
  'ERNIE-Speed-128K': 'ernie-speed-128k',
  'ERNIE-Lite-8K-0922': 'eb-instant',
  'ERNIE-Lite-8K-0308': 'ernie-lite-8k',
  'ERNIE-Tiny-8K': 'ernie-tiny-8k',
  'BLOOMZ-7B': 'bloomz_7b1',
  'Embedding-V1': 'embedding-v1',
  'bge-large-zh': 'bge_large_zh',
  'bge-large-en': 'bge_large_en',
  'tao-8k': 'tao_8k',
};

export const baiduEndpoint = (model: string): string => ENDPOINTS[model] ?? model.toLowerCase();
