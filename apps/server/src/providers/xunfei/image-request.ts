import { plainText, type OpenAIMessage } from '../anthropic/messages.js';
import type { JsonObject } from '../openai/request-body.js';
import type { SparkMessage } from './wire-types.js';

/**
 * Spark's image understanding (图片理解), its own websocket service beside the chat ones: the same signed URL
 * and frames, the image as the first entry of the message list (raw base64, `content_type: "image"`), the
 * conversation after it as text entries. It takes one image per conversation, so a request with more is
 * refused by name rather than answered about one of them. Images reach here inline: the relay downloads
 * linked ones first (the adaptor's `inlineImages`).
 * Docs: https://www.xfyun.cn/doc/spark/ImageUnderstanding.html
 */
export const IMAGE_HOST = 'wss://spark-api.cn-huabei-1.xf-yun.com';
export const IMAGE_PATH = '/v2.1/image';
/** The advanced image model; `general` is the basic one. */
export const IMAGE_DOMAIN = 'imagev3';

interface ImagePart {
  type?: unknown;
  image_url?: { url?: unknown } | string;
}

const imageUrls = (messages: unknown): string[] =>
  (Array.isArray(messages) ? (messages as OpenAIMessage[]) : []).flatMap((message) =>
    Array.isArray(message.content)
      ? (message.content as ImagePart[]).filter((part) => part.type === 'image_url').map((part) => String(typeof part.image_url === 'string' ? part.image_url : (part.image_url?.url ?? '')))
      : [],
  );

export const imageCount = (body: JsonObject): number => imageUrls(body.messages).length;

/** The image as Spark takes it: the base64 of a data URL, without its prefix. */
const rawBase64 = (url: string): string => url.replace(/^data:[^,]*;base64,/, '');

export function sparkImageMessages(messages: unknown): SparkMessage[] {
  const [image = ''] = imageUrls(messages);
  const entries: SparkMessage[] = [{ role: 'user', content: rawBase64(image), content_type: 'image' }];
  for (const message of Array.isArray(messages) ? (messages as OpenAIMessage[]) : []) {
    const text = plainText(message.content);
    if (text === '') continue;
    const role = message.role === 'assistant' ? 'assistant' : message.role === 'system' || message.role === 'developer' ? 'system' : 'user';
    entries.push({ role, content: text, content_type: 'text' });
  }
  return entries;
}
