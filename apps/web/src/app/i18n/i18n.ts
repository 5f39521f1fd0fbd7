import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { readLanguage, saveLanguage } from './language';
import { zh } from './zh';

// Resources are bundled, so initialisation is synchronous and i18n.t works in non-React code at once.
void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zh }, en: { translation: en } },
  lng: readLanguage(),
  fallbackLng: 'zh-CN',
  initAsync: false,
  // React already escapes rendered text.
  interpolation: { escapeValue: false },
});
document.documentElement.lang = i18n.language;

i18n.on('languageChanged', (language) => {
  saveLanguage(language);
  document.documentElement.lang = language;
});

export { i18n };
