/** EmailDomainWhitelist is a comma list; the editor works on its domains. */
export const parseWhitelist = (value: string): string[] => value.split(',').map((domain) => domain.trim()).filter(Boolean);

export const joinWhitelist = (domains: readonly string[]): string => domains.join(',');

/** Adds a typed domain; an empty or duplicate one is ignored (spec section 5). */
export function addDomain(domains: readonly string[], typed: string): string[] {
  const domain = typed.trim();
  return domain === '' || domains.includes(domain) ? [...domains] : [...domains, domain];
}

export const removeDomain = (domains: readonly string[], domain: string): string[] => domains.filter((item) => item !== domain);
