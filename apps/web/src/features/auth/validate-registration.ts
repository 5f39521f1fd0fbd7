import { PASSWORD_MIN_LENGTH } from '@tollgate/contract';

export interface RegistrationInput {
  username: string;
  password: string;
  password2: string;
}

/** i18n keys of the messages a rejected registration shows. */
export type RegistrationProblem =
  | 'userMessages.usernameRequired'
  | 'userMessages.passwordTooShort'
  | 'userMessages.passwordsDiffer'
  | 'register.turnstileChecking';

/**
 * The client-side rules of spec section 5. Only the password minimum is enforced here; the maximum
 * lengths in the placeholders are left to the server.
 */
export function validateRegistration(
  input: RegistrationInput,
  turnstile: { required: boolean; token: string },
): RegistrationProblem | undefined {
  if (!input.username.trim() || !input.password) return 'userMessages.usernameRequired';
  if (input.password.length < PASSWORD_MIN_LENGTH) return 'userMessages.passwordTooShort';
  if (input.password !== input.password2) return 'userMessages.passwordsDiffer';
  if (turnstile.required && !turnstile.token) return 'register.turnstileChecking';
  return undefined;
}
