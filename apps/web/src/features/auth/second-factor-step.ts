import type { SecondFactorMethod } from '@tollgate/contract';

/** The login page's address for the second step: the password (or OAuth, or WeChat) step passed, a factor is due. */
export const SECOND_FACTOR_PATH = '/login?step=2fa';

/** That address, saying which factors the account has (the challenge's `methods`), so the step offers just those. */
export const secondFactorPath = (methods?: SecondFactorMethod[]): string => (methods?.length ? `${SECOND_FACTOR_PATH}&methods=${methods.join(',')}` : SECOND_FACTOR_PATH);

export const isSecondFactorStep = (params: URLSearchParams) => params.get('step') === '2fa';

/** The factors named in the address; a server that names none (new-api's shape) means a TOTP code. */
export function secondFactorMethods(params: URLSearchParams): SecondFactorMethod[] {
  const named = (params.get('methods') ?? '').split(',').filter((item): item is SecondFactorMethod => item === 'totp' || item === 'passkey');
  return named.length > 0 ? named : ['totp'];
}
