import { UserMessages } from '@tollgate/contract';
import { i18n } from '../i18n/i18n';

type UserMessageCode = keyof typeof UserMessages;

const codeByText = new Map(Object.entries(UserMessages).map(([code, text]) => [text as string, code as UserMessageCode]));

/** The server sends the contract's stable English texts; show them in the console's language. Other texts pass through. */
export function translateServerMessage(message: string): string {
  const code = codeByText.get(message);
  return code ? i18n.t(`userMessages.${code}`) : message;
}
