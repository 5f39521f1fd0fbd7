import type { ChatCompletion } from '../anthropic/response.js';
import type { OpenAIUsage } from '../anthropic/usage.js';
import { newId } from '../ollama/response.js';
import type { Prediction, PredictionMetrics } from './wire-types.js';

/**
 * A finished prediction as OpenAI's `chat.completion` or images answer (reference providers.md 17).
 * Docs: https://replicate.com/docs/reference/http#predictions.get
 */

/** Language models answer an array of tokens; a few answer one string. */
export function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  return Array.isArray(output) ? output.map((token) => (typeof token === 'string' ? token : '')).join('') : '';
}

/** Token counts when the model reports them (the official language models do); zero otherwise. */
export function metricsUsage(metrics: PredictionMetrics | undefined): OpenAIUsage {
  const prompt = metrics?.input_token_count ?? 0;
  const completion = metrics?.output_token_count ?? 0;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

export function toChatCompletion(prediction: Prediction, model: string, created: number): ChatCompletion {
  return {
    id: prediction.id ? `chatcmpl-${prediction.id}` : newId('chatcmpl-'),
    object: 'chat.completion',
    created,
    model,
    // Replicate reports no stop reason: a finished prediction simply stopped.
    choices: [{ index: 0, message: { role: 'assistant', content: outputText(prediction.output) }, finish_reason: 'stop' }],
    usage: metricsUsage(prediction.metrics),
  };
}

export interface ImagesResponse {
  created: number;
  data: ({ url: string } | { b64_json: string })[];
}

/**
 * Image models answer a URL or a list of URLs. The adaptor never downloads them (no outbound fetch from an
 * adaptor), so `b64_json` is answered only for an output that is already a data URL; otherwise the URL
 * is returned even when the client asked for `b64_json`.
 */
export function toImagesResponse(prediction: Prediction, created: number, wantsBase64: boolean): ImagesResponse {
  const outputs = (Array.isArray(prediction.output) ? prediction.output : [prediction.output]).filter((item): item is string => typeof item === 'string' && item !== '');
  return {
    created,
    data: outputs.map((url) => {
      const inline = /^data:[^;,]+;base64,(.*)$/s.exec(url);
      return wantsBase64 && inline?.[1] ? { b64_json: inline[1] } : { url };
    }),
  };
}
