export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The key of i18next's browser detector, which one-api's console uses too: a choice made there carries over. */
const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** Chinese unless English was chosen (the spec's interface language is Chinese). */
export function readLanguage(): Language {
  return localStorage.getItem(LANGUAGE_STORAGE_KEY)?.startsWith('en') ? 'en' : 'zh-CN';
}

export function saveLanguage(language: string): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
}
