/**
 * The console's language as i18n set it on the page; Chinese, the spec's interface language, before that.
 * Numbers follow it, not the browser's locale: an English console on a German browser writes 1,234, not 1.234.
 */
export const pageLocale = (): string => (typeof document !== 'undefined' && document.documentElement.lang) || 'zh-CN';
