import type { ReactNode } from 'react';
import { renderMarkdown } from '@/lib/markdown';
import { ContentFrame } from './content-frame';

interface RichContentProps {
  /** An https:// URL (shown in a frame), Markdown or HTML, or '' for the fallback. */
  content: string;
  frameTitle: string;
  fallback: ReactNode;
}

/** The home page and about page rule for administrator-written content. */
export function RichContent({ content, frameTitle, fallback }: RichContentProps) {
  if (content.startsWith('https://')) return <ContentFrame src={content} title={frameTitle} />;
  if (content === '') return fallback;
  return <div className="rich-content" dangerouslySetInnerHTML={{ __html: renderMarkdown(content) }} />;
}
