import { marked } from 'marked';

/** Markdown to HTML. Raw HTML passes through on purpose: notices and pages are written by administrators. */
export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false });
}
