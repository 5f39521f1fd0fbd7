import type { ConsoleStatus } from '@/lib/storage/status-storage';
import { removeTrailingSlash } from '@/lib/format/text';

/** The public services, used when the status names no other host (an older server, or the option left blank). */
export const DEFAULT_GITHUB_BASE_URL = 'https://github.com';
export const DEFAULT_LARK_BASE_URL = 'https://open.feishu.cn';

/** The identity providers the browser is sent to; each comes back to /oauth/<provider>. */
export type OAuthProvider = 'github' | 'lark' | 'oidc';

const hostOf = (configured: string | undefined, fallback: string) => removeTrailingSlash(configured?.trim() || fallback);

/** Appends the parameters to an address that may already carry a query (some OIDC endpoints do). */
function withParams(address: string, params: Record<string, string>): string {
  const url = new URL(address);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** GitHub's authorize page: github.com, or a GitHub Enterprise Server named by `github_base_url`. */
export function githubAuthorizeUrl(status: ConsoleStatus, state: string): string {
  const base = hostOf(status.github_base_url, DEFAULT_GITHUB_BASE_URL);
  return withParams(`${base}/login/oauth/authorize`, { client_id: status.github_client_id ?? '', state, scope: 'user:email' });
}

/** Lark's authorize page: Feishu, or Lark international (open.larksuite.com) named by `lark_base_url`. */
export function larkAuthorizeUrl(status: ConsoleStatus, state: string, origin: string): string {
  const base = hostOf(status.lark_base_url, DEFAULT_LARK_BASE_URL);
  return withParams(`${base}/open-apis/authen/v1/index`, { redirect_uri: `${origin}/oauth/lark`, app_id: status.lark_client_id ?? '', state });
}

/** The OIDC provider's authorization endpoint, asking for a code and the standard profile scopes. */
export function oidcAuthorizeUrl(status: ConsoleStatus, state: string, origin: string): string {
  return withParams(status.oidc_authorization_endpoint ?? '', {
    client_id: status.oidc_client_id ?? '',
    response_type: 'code',
    scope: 'openid profile email',
    state,
    redirect_uri: `${origin}/oauth/oidc`,
  });
}

/** Whether the status lets the browser start a sign-in (or a binding) with this provider. */
export function canStartOAuth(status: ConsoleStatus, provider: OAuthProvider): boolean {
  switch (provider) {
    case 'github':
      return Boolean(status.github_oauth && status.github_client_id);
    // Lark has no switch of its own: a configured app id turns it on (spec, login screen and bindings).
    case 'lark':
      return Boolean(status.lark_client_id);
    case 'oidc':
      return Boolean(status.oidc && status.oidc_authorization_endpoint);
  }
}

/** The authorize address of `provider` for this status and state. */
export function authorizeUrl(status: ConsoleStatus, provider: OAuthProvider, state: string, origin: string): string {
  switch (provider) {
    case 'github':
      return githubAuthorizeUrl(status, state);
    case 'lark':
      return larkAuthorizeUrl(status, state, origin);
    case 'oidc':
      return oidcAuthorizeUrl(status, state, origin);
  }
}
