/** The login page's address for the second step: the password (or OAuth, or WeChat) step passed, a code is due. */
export const SECOND_FACTOR_PATH = '/login?step=2fa';

export const isSecondFactorStep = (params: URLSearchParams) => params.get('step') === '2fa';
