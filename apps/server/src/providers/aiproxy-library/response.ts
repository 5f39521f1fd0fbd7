import type { LibraryAnswer, LibraryDocument } from './wire-types.js';

/**
 * Library answers → OpenAI's chat shapes (reference providers.md 19). The documents the answer drew on
 * are appended as a Markdown list of links under a "参考文档" (reference documents) heading, as one-api
 * users are used to seeing them. No usage is reported: the relay counts the answer locally.
 */
export function referencesMarkdown(documents: LibraryDocument[] | undefined): string {
  const listed = (documents ?? []).filter((doc) => doc.title || doc.url);
  if (listed.length === 0) return '';
  const lines = listed.map((doc, i) => `${i + 1}. ${doc.url ? `[${doc.title || doc.url}](${doc.url})` : (doc.title ?? '')}`);
  return `\n\n参考文档：\n${lines.join('\n')}`;
}

export function toChatCompletion(answer: LibraryAnswer, model: string, created: number) {
  return {
    id: `chatcmpl-aiproxy-${created}`,
    object: 'chat.completion',
    created,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: (answer.answer ?? '') + referencesMarkdown(answer.documents) }, finish_reason: 'stop' }],
  };
}
