import { renderMessage, type MessageRef } from '@tollgate/contract';
import { i18n } from './i18n';

/** A message of the contract's catalog (one the server also answers) in the console's language. */
export const catalogText = (ref: MessageRef): string => renderMessage(ref, i18n.language.startsWith('en') ? 'en' : 'zh');
