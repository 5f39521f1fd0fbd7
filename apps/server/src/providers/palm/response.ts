import { randomBytes } from 'node:crypto';

/**
 * A PaLM 2 generateMessage answer as OpenAI's `chat.completion` (reference providers.md 6). PaLM reports
 * no usage, so the answer carries none and the relay counts the text; a prompt or answer its filters
 * stopped comes back with no candidates and a `filters` reason, answered as a content_filter finish.
 * Docs: https://ai.google.dev/api/palm#response-body_3 (legacy, shut down)
 */
export interface PalmResponse {
  candidates?: { author?: string; content?: string }[];
  filters?: { reason?: string; message?: string }[];
}

export interface PalmCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: { index: number; message: { role: 'assistant'; content: string | null; refusal?: string }; finish_reason: string }[];
}

export function toChatCompletion(response: PalmResponse, model: string, created: number): PalmCompletion {
  const base = { id: `chatcmpl-${randomBytes(12).toString('hex')}`, object: 'chat.completion' as const, created, model };
  const candidates = response.candidates ?? [];
  if (candidates.length === 0) {
    const reason = (response.filters ?? []).map((filter) => [filter.reason, filter.message].filter(Boolean).join(': ')).join('; ');
    return { ...base, choices: [{ index: 0, message: { role: 'assistant', content: null, refusal: `PaLM filtered the conversation (${reason || 'no reason given'})` }, finish_reason: 'content_filter' }] };
  }
  return { ...base, choices: candidates.map((candidate, index) => ({ index, message: { role: 'assistant', content: candidate.content ?? '' }, finish_reason: 'stop' })) };
}
