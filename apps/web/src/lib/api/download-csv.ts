import { ApiFailure, HttpError } from './errors';

export interface CsvProgress {
  rows: number;
  bytes: number;
}

/**
 * Downloads a CSV export, telling `onProgress` how many records (line breaks past the header) and bytes have
 * arrived, then hands it to the browser as a file under the server's name. A refusal (the envelope) throws.
 */
export async function downloadCsv(path: string, onProgress: (progress: CsvProgress) => void, signal?: AbortSignal): Promise<CsvProgress> {
  const response = await fetch(path, { credentials: 'same-origin', signal });
  if (!response.ok) throw new HttpError(response.status);
  if (!(response.headers.get('content-type') ?? '').startsWith('text/csv')) {
    const body = (await response.json()) as { message?: string };
    throw new ApiFailure(body.message ?? 'the export was refused');
  }
  const chunks: Uint8Array[] = [];
  const progress = { rows: -1, bytes: 0 };
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    progress.bytes += value.length;
    for (const byte of value) if (byte === 10) progress.rows += 1;
    onProgress({ ...progress });
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
  const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'text/csv' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { rows: Math.max(0, progress.rows), bytes: progress.bytes };
}
