import { describe, expect, it } from 'vitest';
import { authorizeUrl, canStartOAuth, githubAuthorizeUrl, larkAuthorizeUrl, oidcAuthorizeUrl } from './authorize-urls';

const ORIGIN = 'https://gw.example.com';

describe('authorize URLs', () => {
  it('sends GitHub sign-ins to github.com when the status names no host', () => {
    expect(githubAuthorizeUrl({ github_client_id: 'Iv1.abc' }, 'st8')).toBe('https://github.com/login/oauth/authorize?client_id=Iv1.abc&state=st8&scope=user%3Aemail');
  });

  it('sends them to a GitHub Enterprise Server named by github_base_url, trailing slash or not', () => {
    const status = { github_client_id: 'Iv1.abc', github_base_url: 'https://ghe.corp.example/' };
    expect(githubAuthorizeUrl(status, 'st8')).toBe('https://ghe.corp.example/login/oauth/authorize?client_id=Iv1.abc&state=st8&scope=user%3Aemail');
  });

  it('builds the Feishu authorize page with the callback on this origin', () => {
    expect(larkAuthorizeUrl({ lark_client_id: 'cli_1' }, 'st8', ORIGIN)).toBe(
      'https://open.feishu.cn/open-apis/authen/v1/index?redirect_uri=https%3A%2F%2Fgw.example.com%2Foauth%2Flark&app_id=cli_1&state=st8',
    );
  });

  it('uses Lark international when lark_base_url says so', () => {
    const url = new URL(larkAuthorizeUrl({ lark_client_id: 'cli_1', lark_base_url: 'https://open.larksuite.com' }, 'st8', ORIGIN));
    expect(`${url.origin}${url.pathname}`).toBe('https://open.larksuite.com/open-apis/authen/v1/index');
  });

  it('asks the OIDC authorization endpoint for a code with the profile scopes', () => {
    const url = new URL(oidcAuthorizeUrl({ oidc_authorization_endpoint: 'https://idp.example/auth', oidc_client_id: 'tollgate' }, 'st8', ORIGIN));
    expect(`${url.origin}${url.pathname}`).toBe('https://idp.example/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'tollgate',
      response_type: 'code',
      scope: 'openid profile email',
      state: 'st8',
      redirect_uri: 'https://gw.example.com/oauth/oidc',
    });
  });

  it('keeps a query the OIDC endpoint already has', () => {
    const url = new URL(authorizeUrl({ oidc_authorization_endpoint: 'https://idp.example/auth?tenant=t1', oidc_client_id: 'c' }, 'oidc', 's', ORIGIN));
    expect(url.searchParams.get('tenant')).toBe('t1');
    expect(url.searchParams.get('state')).toBe('s');
  });
});

describe('canStartOAuth', () => {
  it('follows the status flags', () => {
    expect(canStartOAuth({ github_oauth: true, github_client_id: 'id' }, 'github')).toBe(true);
    expect(canStartOAuth({ github_oauth: false, github_client_id: 'id' }, 'github')).toBe(false);
    expect(canStartOAuth({ lark_client_id: 'cli' }, 'lark')).toBe(true);
    expect(canStartOAuth({ lark_client_id: '' }, 'lark')).toBe(false);
    expect(canStartOAuth({ oidc: true, oidc_authorization_endpoint: 'https://idp/auth' }, 'oidc')).toBe(true);
    expect(canStartOAuth({ oidc: false, oidc_authorization_endpoint: 'https://idp/auth' }, 'oidc')).toBe(false);
    expect(canStartOAuth({ oidc: true, oidc_authorization_endpoint: '' }, 'oidc')).toBe(false);
  });
});
