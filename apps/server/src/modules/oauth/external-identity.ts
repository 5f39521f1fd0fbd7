import type { AppContext } from '../../context.js';

/** The users column that remembers each kind of third-party identity (one-api's columns). */
export type IdentityColumn = 'github_id' | 'lark_id' | 'oidc_id' | 'wechat_id';

/** Who the provider says the person is. */
export interface ExternalProfile {
  /** The stable id stored in the column: GitHub login, Lark open_id, OIDC sub, WeChat openid. */
  id: string;
  displayName?: string;
  email?: string;
  /** A username the provider proposes (OIDC preferred_username), taken when it is free and short enough. */
  username?: string;
}

/** A third-party sign-in method, as the shared sign-in / bind flow needs it. */
export interface IdentityProvider {
  /** Its name in messages: 'GitHub', 'Lark', 'OIDC', 'WeChat'. */
  label: string;
  column: IdentityColumn;
  /** New accounts are named `<prefix>_<next user id>`, as in one-api. */
  usernamePrefix: string;
  defaultDisplayName: string;
  /** Whether the administrator turned it on (and configured it). */
  enabled(ctx: AppContext): boolean;
}
