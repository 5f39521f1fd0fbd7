import { ApiFailure, HttpError } from '@/lib/api/errors';
import { clearUser } from '@/lib/storage/user-store';
import { PasskeyPromptClosed } from '@/lib/webauthn';
import { i18n } from '../i18n/i18n';
import { showError, showInfo } from './toast';

/** Where a 401 sends the browser: a full page load, so no state of the expired session survives. */
export const EXPIRED_LOGIN_PATH = '/login?expired=true';

function showHttpError(error: HttpError): void {
  switch (error.status) {
    case 401:
      clearUser();
      window.location.assign(EXPIRED_LOGIN_PATH);
      return;
    case 429:
      showError(i18n.t('errors.tooManyRequests'));
      return;
    case 500:
      showError(i18n.t('errors.serverError'));
      return;
    case 405:
      // A static demo deployment answers API calls with 405.
      showInfo(i18n.t('errors.demoSite'));
      return;
    default:
      // The server's own message (lib/api/client.ts), already in the console's language (it sends Accept-Language).
      showError(error.serverMessage ? i18n.t('errors.withMessage', { message: error.serverMessage }) : i18n.t('errors.httpStatus', { status: error.status }));
  }
}

/** The common handler of spec section 8 for every failed query and mutation. */
export function showRequestError(error: unknown): void {
  if (error instanceof ApiFailure) {
    showError(error.message);
  } else if (error instanceof PasskeyPromptClosed) {
    showInfo(i18n.t('passkeys.cancelled'));
  } else if (error instanceof HttpError) {
    showHttpError(error);
  } else {
    const message = error instanceof Error ? error.message : String(error);
    showError(i18n.t('errors.withMessage', { message }));
  }
}
