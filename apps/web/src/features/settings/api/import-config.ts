import { useMutation } from '@tanstack/react-query';
import type { ApiEnvelope, ConfigImportResult } from '@tollgate/contract';
import { ApiFailure, HttpError } from '@/lib/api/errors';

/**
 * POST /api/config/import: the document goes as the text the operator gave (YAML reads JSON too), so the
 * server parses it once and names the line or field it refuses.
 */
async function importConfig({ text, dryRun }: { text: string; dryRun: boolean }): Promise<ConfigImportResult> {
  const response = await fetch(`/api/config/import?dry_run=${dryRun}`, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'text/yaml' }, body: text });
  if (!response.ok) throw new HttpError(response.status);
  const envelope = (await response.json()) as ApiEnvelope<ConfigImportResult>;
  if (!envelope.success || !envelope.data) throw new ApiFailure(envelope.message);
  return envelope.data;
}

export const useImportConfig = () => useMutation({ mutationFn: importConfig });
