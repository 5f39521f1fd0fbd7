/**
 * The public releases API of the Tollgate repository. Only the browser calls it, so an offline or
 * firewalled console fails this one button and nothing else.
 */
export const RELEASES_URL = 'https://api.github.com/repos/tollgate-gateway/tollgate/releases/latest';

export interface Release {
  tag_name: string;
  body: string;
  html_url: string;
}

/** The latest published release; throws with a readable message when the host cannot be reached. */
export async function fetchLatestRelease(): Promise<Release> {
  const response = await fetch(RELEASES_URL, { headers: { Accept: 'application/vnd.github+json' }, credentials: 'omit' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as Release;
}

/** Tags are 'v1.2.3' while the build knows '1.2.3'. */
export const isCurrentRelease = (tag: string, version: string): boolean => tag.replace(/^v/, '') === version.replace(/^v/, '');
