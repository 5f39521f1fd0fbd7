import { STORAGE_KEYS, type Status } from '@tollgate/contract';
import { readJson, writeJson } from './json-storage';

/** Status as kept by the browser: an older server or an old stored copy may lack fields. */
export type ConsoleStatus = Partial<Status>;

export function readStoredStatus(): ConsoleStatus {
  return readJson<ConsoleStatus>(STORAGE_KEYS.status) ?? {};
}

/** An absent or empty value removes the key, so readers fall back to their defaults. */
function setOrRemove(key: string, value: string | number | boolean | undefined): void {
  if (value === undefined || value === '') localStorage.removeItem(key);
  else localStorage.setItem(key, String(value));
}

/** Stores the status object and the separate keys that list pages read directly (quota display, chat link). */
export function saveStatus(status: ConsoleStatus): void {
  writeJson(STORAGE_KEYS.status, status);
  setOrRemove(STORAGE_KEYS.systemName, status.system_name);
  setOrRemove(STORAGE_KEYS.logo, status.logo);
  setOrRemove(STORAGE_KEYS.footerHtml, status.footer_html);
  setOrRemove(STORAGE_KEYS.quotaPerUnit, status.quota_per_unit);
  setOrRemove(STORAGE_KEYS.displayInCurrency, status.display_in_currency);
  setOrRemove(STORAGE_KEYS.chatLink, status.chat_link);
}
