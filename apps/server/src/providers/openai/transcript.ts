/**
 * The text of a transcription or translation answer, in any of its response formats: json and
 * verbose_json carry `text`; text is the transcript itself; srt and vtt are cues whose numbers,
 * timings and header are dropped.
 */
export function transcriptText(body: Buffer, contentType: string): string {
  const raw = body.toString('utf8');
  if (contentType.includes('json')) {
    try {
      const text = (JSON.parse(raw) as { text?: unknown }).text;
      return typeof text === 'string' ? text : '';
    } catch {
      return '';
    }
  }
  return raw
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '' && line.trim() !== 'WEBVTT' && !/^\d+$/.test(line.trim()) && !line.includes('-->'))
    .join(' ')
    .trim();
}
