import type { Options } from '../option-diff';

const ENDPOINTS = {
  OidcAuthorizationEndpoint: 'authorization_endpoint',
  OidcTokenEndpoint: 'token_endpoint',
  OidcUserinfoEndpoint: 'userinfo_endpoint',
} as const;

/** The endpoints of an OpenID Provider's discovery document (/.well-known/openid-configuration). */
async function discover(wellKnown: string): Promise<Record<string, unknown>> {
  // No cookies: the document is public, and the provider is another origin.
  const response = await fetch(wellKnown, { credentials: 'omit', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Before the OIDC settings are saved, fills the endpoints from the discovery document, so the status carries
 * the authorization endpoint the login button needs. A changed discovery address replaces all three (they
 * belong to the old provider); an unchanged one only fills the blanks, keeping endpoints typed by hand.
 */
export async function withDiscoveredEndpoints(saved: Options, edited: Options): Promise<Options> {
  const wellKnown = (edited.OidcWellKnown ?? '').trim();
  if (!wellKnown) return edited;
  const changed = wellKnown !== (saved.OidcWellKnown ?? '');
  const blanks = Object.keys(ENDPOINTS).filter((key) => !(edited[key] ?? '').trim());
  if (!changed && blanks.length === 0) return edited;

  const document = await discover(wellKnown);
  const filled = { ...edited };
  for (const [key, field] of Object.entries(ENDPOINTS)) {
    const found = document[field];
    if (typeof found === 'string' && found && (changed || blanks.includes(key))) filled[key] = found;
  }
  return filled;
}
