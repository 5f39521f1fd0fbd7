import { plainText, type OpenAIMessage } from '../anthropic/messages.js';
import type { UpstreamTarget } from '../adaptor.js';
import type { JsonObject } from '../openai/request-body.js';

/**
 * An OpenAI chat request as a DeepL /v2/translate request (reference providers.md 15, one-api.md 2.3): the
 * model `deepl-<lang>` names the target language, the last user message is the text. The system prompt,
 * tools and images have no place in a translation and are not sent.
 * Docs: https://developers.deepl.com/docs/api-reference/translate
 */
export interface DeepLRequest {
  text: string[];
  target_lang: string;
}

const MODEL_PREFIX = 'deepl-';

/** `EN` alone is deprecated as a target by DeepL; the model deepl-en asks for American English. */
const TARGET_VARIANTS: Record<string, string> = { EN: 'EN-US', PT: 'PT-BR' };

/** The target language of a `deepl-<lang>` model, or undefined for a model that names none. */
export function targetLanguageOf(model: string): string | undefined {
  if (!model.toLowerCase().startsWith(MODEL_PREFIX)) return undefined;
  const lang = model.slice(MODEL_PREFIX.length).toUpperCase();
  if (!/^[A-Z]{2}(-[A-Z]{2,4})?$/.test(lang)) return undefined;
  return TARGET_VARIANTS[lang] ?? lang;
}

export function lastUserText(body: JsonObject): string {
  const messages = Array.isArray(body.messages) ? (body.messages as OpenAIMessage[]) : [];
  const last = messages.filter((message) => message.role === 'user').at(-1);
  return last ? plainText(last.content) : '';
}

export function toDeepLRequest(body: JsonObject, targetLang: string): DeepLRequest {
  return { text: [lastUserText(body)], target_lang: targetLang };
}

/** Free-plan keys end in `:fx` and are served by api-free.deepl.com only; Pro keys by api.deepl.com. */
export function deeplBase(target: UpstreamTarget): string {
  if (target.baseUrl) return target.baseUrl.replace(/\/+$/, '');
  return target.key.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com';
}
