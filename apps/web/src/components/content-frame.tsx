/** A full-width frame for external content (an https:// home or about page, the chat client). */
export function ContentFrame({ src, title, height = '85vh' }: { src: string; title: string; height?: string }) {
  return <iframe src={src} title={title} style={{ width: '100%', height, border: 'none' }} />;
}
