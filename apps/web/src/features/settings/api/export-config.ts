import { useMutation } from '@tanstack/react-query';
import type { ConfigExportResult } from '@tollgate/contract';
import { api, withQuery } from '@/lib/api/client';

export type ConfigFormat = 'json' | 'yaml';

/** GET /api/config/export: the document as text, ready to save, and the server's warning when it holds keys. */
export function useExportConfig() {
  return useMutation({
    mutationFn: async ({ keys, format }: { keys: boolean; format: ConfigFormat }) => {
      const result = await api.get<ConfigExportResult>(withQuery('/api/config/export', { keys: String(keys), format }));
      const text = typeof result.document === 'string' ? result.document : `${JSON.stringify(result.document, null, 2)}\n`;
      return { text, format, warning: result.warning };
    },
  });
}
