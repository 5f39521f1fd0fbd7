import 'i18next';
import type { Messages } from './zh';

// Typed keys: a misspelt or missing key fails the typecheck instead of rendering the raw key.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
