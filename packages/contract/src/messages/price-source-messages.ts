import type { MessageTexts } from './message.js';

/**
 * Refreshing the price source (/api/prices/source, `tollgate prices update`). Every failure keeps the prices in
 * force and says so: a file is applied whole or not at all. `detail` is what was wrong, in the source's or the
 * network's own English (a field path and zod's reason, a socket error).
 */
export const priceSourceMessages = {
  'price_source.unreachable': {
    en: 'could not reach the price source at {url}: {detail}; the prices in force are kept',
    zh: '无法连接价格来源 {url}：{detail}；当前价格保持不变',
  },
  'price_source.timeout': {
    en: 'the price source at {url} did not answer within {seconds} s; the prices in force are kept',
    zh: '价格来源 {url} 在 {seconds} 秒内没有应答；当前价格保持不变',
  },
  'price_source.http_status': {
    en: 'the price source at {url} answered HTTP {status}; the prices in force are kept',
    zh: '价格来源 {url} 返回 HTTP {status}；当前价格保持不变',
  },
  'price_source.too_large': {
    en: 'the price file at {url} is larger than {megabytes} MB and is refused; the prices in force are kept',
    zh: '价格来源 {url} 的文件超过 {megabytes} MB，已拒绝；当前价格保持不变',
  },
  'price_source.invalid': {
    en: 'the price file at {url} is refused, nothing of it is applied: {detail}',
    zh: '价格来源 {url} 的文件未通过校验，未应用其中任何内容：{detail}',
  },
  'price_source.changed_since_preview': {
    en: 'the price source changed since the preview (it now serves a file with sha256 {sha256}); check for updates again',
    zh: '价格来源在预览之后已变化（当前文件的 sha256 为 {sha256}），请重新检查更新',
  },
  'price_source.hash_invalid': { en: 'sha256 must be the 64 hexadecimal digits of the previewed file', zh: 'sha256 必须是所预览文件的 64 位十六进制摘要' },
} as const satisfies Record<string, MessageTexts>;
