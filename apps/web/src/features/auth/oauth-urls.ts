/** Where the browser goes to sign in with GitHub; the callback comes back to /oauth/github. */
export function githubAuthorizeUrl(clientId: string, state: string): string {
  const query = new URLSearchParams({ client_id: clientId, state, scope: 'user:email' });
  return `https://github.com/login/oauth/authorize?${query.toString()}`;
}

/** Where the browser goes to sign in with Lark (Feishu); the callback comes back to /oauth/lark. */
export function larkAuthorizeUrl(appId: string, state: string, origin: string): string {
  const query = new URLSearchParams({ redirect_uri: `${origin}/oauth/lark`, app_id: appId, state });
  return `https://open.feishu.cn/open-apis/authen/v1/index?${query.toString()}`;
}
