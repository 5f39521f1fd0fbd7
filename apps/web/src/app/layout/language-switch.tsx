import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n/language';
import { HEADER_POPUP_Z_INDEX } from './header-popup';

/** Switches between Chinese and English; i18n remembers the choice in localStorage. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Select
      value={i18n.language}
      onChange={(language: string) => void i18n.changeLanguage(language)}
      options={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
      aria-label={t('header.language')}
      style={{ width: 110 }}
      styles={{ popup: { root: { zIndex: HEADER_POPUP_Z_INDEX } } }}
      data-testid="language-switch"
    />
  );
}
