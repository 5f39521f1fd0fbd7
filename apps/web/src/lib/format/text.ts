import { USERNAME_DISPLAY_MAX } from '@tollgate/contract';

/** Shortens text to `limit` characters in total, the last three being an ellipsis (one-api's renderText). */
export function truncateText(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 3)}...` : text;
}

export function truncateUsername(username: string): string {
  return truncateText(username, USERNAME_DISPLAY_MAX);
}

/** Ratio options, model mappings and channel configs must be valid JSON before they are saved. */
export function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Base URLs and server addresses are joined with paths later; a trailing slash would double the separator. */
export function removeTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
