import type { CozeChatResponse, CozeMessage } from './wire-types.js';

/**
 * Coze v2 answers → OpenAI's shapes (reference providers.md 14.1). Coze reports no usage: the relay counts
 * the reply locally. A bot run has no stop reasons, so a finished answer is `stop`.
 */
export const isAnswer = (message: CozeMessage | undefined): message is CozeMessage & { content: string } =>
  message?.type === 'answer' && typeof message.content === 'string';

export function answerText(response: CozeChatResponse): string {
  return (response.messages ?? [])
    .filter(isAnswer)
    .map((message) => message.content)
    .join('');
}

export function toChatCompletion(response: CozeChatResponse, model: string, created: number) {
  return {
    id: `chatcmpl-${response.conversation_id ?? ''}`,
    object: 'chat.completion',
    created,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: answerText(response) }, finish_reason: 'stop' }],
  };
}
