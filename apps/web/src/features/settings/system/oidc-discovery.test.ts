import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withDiscoveredEndpoints } from './oidc-discovery';

const WELL_KNOWN = 'https://idp.example/.well-known/openid-configuration';
const BLANK = { OidcWellKnown: '', OidcAuthorizationEndpoint: '', OidcTokenEndpoint: '', OidcUserinfoEndpoint: '' };

describe('withDiscoveredEndpoints', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ authorization_endpoint: 'https://idp.example/a', token_endpoint: 'https://idp.example/t', userinfo_endpoint: 'https://idp.example/u' }))),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks nothing without a well-known address', async () => {
    expect(await withDiscoveredEndpoints(BLANK, { ...BLANK, OidcTokenEndpoint: 'https://x/t' })).toEqual({ ...BLANK, OidcTokenEndpoint: 'https://x/t' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps hand-typed endpoints while the address is unchanged, filling only the blanks', async () => {
    const saved = { ...BLANK, OidcWellKnown: WELL_KNOWN, OidcTokenEndpoint: 'https://proxy/t' };
    const result = await withDiscoveredEndpoints(saved, { ...saved });
    expect(result).toMatchObject({ OidcAuthorizationEndpoint: 'https://idp.example/a', OidcTokenEndpoint: 'https://proxy/t', OidcUserinfoEndpoint: 'https://idp.example/u' });
    expect(fetch).toHaveBeenCalledWith(WELL_KNOWN, expect.objectContaining({ credentials: 'omit' }));
  });

  it('replaces all three when the address changed, and asks nothing when all is set and unchanged', async () => {
    const saved = { OidcWellKnown: 'https://old.example/.well-known/openid-configuration', OidcAuthorizationEndpoint: 'https://old/a', OidcTokenEndpoint: 'https://old/t', OidcUserinfoEndpoint: 'https://old/u' };
    expect(await withDiscoveredEndpoints(saved, { ...saved, OidcWellKnown: WELL_KNOWN })).toMatchObject({ OidcAuthorizationEndpoint: 'https://idp.example/a', OidcTokenEndpoint: 'https://idp.example/t' });
    vi.mocked(fetch).mockClear();
    expect(await withDiscoveredEndpoints(saved, { ...saved })).toEqual(saved);
    expect(fetch).not.toHaveBeenCalled();
  });
});
