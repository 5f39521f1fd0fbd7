import { copyText } from '@/lib/clipboard';
import { i18n } from '../i18n/i18n';
import { showSuccess, showWarning } from './toast';

/** Copies and reports it; on failure the caller should leave the text visible for manual copying. */
export async function copyWithToast(text: string, successMessage: string): Promise<void> {
  if (await copyText(text)) showSuccess(successMessage);
  else showWarning(i18n.t('errors.copyFailed'));
}
