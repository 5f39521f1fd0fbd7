import { STORAGE_KEYS } from '@tollgate/contract';

/** A dismissible hint stays dismissed: its flag is 'prompt-' plus the hint's name, set to 'true'. */
const flagKey = (name: string): string => `${STORAGE_KEYS.promptPrefix}${name}`;

export function shouldShowPrompt(name: string): boolean {
  return localStorage.getItem(flagKey(name)) !== 'true';
}

export function setPromptShown(name: string): void {
  localStorage.setItem(flagKey(name), 'true');
}
