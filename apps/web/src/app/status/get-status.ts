import { api } from '@/lib/api/client';
import { ApiFailure } from '@/lib/api/errors';
import type { ConsoleStatus } from '@/lib/storage/status-storage';
import { i18n } from '../i18n/i18n';

/** GET /api/status. Any failure is reported as the spec's single 'cannot connect' message. */
export async function getStatus(): Promise<ConsoleStatus> {
  try {
    return await api.get<ConsoleStatus>('/api/status');
  } catch {
    throw new ApiFailure(i18n.t('app.connectFailed'));
  }
}
