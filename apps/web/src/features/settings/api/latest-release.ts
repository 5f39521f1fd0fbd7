/**
 * The public releases API of a GitHub repository (`https://github.com/owner/name`, `git+https://github.com/owner/name.git`,
 * `github:owner/name`), from the one place the product names its repository: the root package.json's
 * `repository` field. undefined when there is none, or it is not on GitHub: there is no update
 * information then. Only the browser calls it, so an offline or firewalled console fails this one
 * button and nothing else.
 */
export function releasesUrl(repository: string): string | undefined {
  const match = /^(?:git\+)?(?:https?:\/\/|git@|ssh:\/\/git@)?github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(repository.trim()) ?? /^github:([\w.-]+)\/([\w.-]+)$/.exec(repository.trim());
  return match ? `https://api.github.com/repos/${match[1]}/${match[2]}/releases/latest` : undefined;
}

export interface Release {
  tag_name: string;
  body: string;
  html_url: string;
}

/** The latest published release; throws with a readable message when the host cannot be reached. */
export async function fetchLatestRelease(url: string): Promise<Release> {
  const response = await fetch(url, { headers: { Accept: 'application/vnd.github+json' }, credentials: 'omit' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as Release;
}

/** Tags are 'v1.2.3' while the build knows '1.2.3'. */
export const isCurrentRelease = (tag: string, version: string): boolean => tag.replace(/^v/, '') === version.replace(/^v/, '');
