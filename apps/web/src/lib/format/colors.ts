import { GROUP_COLORS, RESPONSE_TIME_THRESHOLDS_MS } from '@tollgate/contract';

/** CSS colour names, usable directly as an antd Tag colour. */
export type ResponseTimeColor = 'grey' | 'green' | 'olive' | 'yellow' | 'red';

/** 0 means never tested; then green, olive and yellow up to each threshold, red above the last. */
export function responseTimeColor(ms: number): ResponseTimeColor {
  const [fast, medium, slow] = RESPONSE_TIME_THRESHOLDS_MS;
  if (ms === 0) return 'grey';
  if (ms <= fast) return 'green';
  if (ms <= medium) return 'olive';
  if (ms <= slow) return 'yellow';
  return 'red';
}

/** Well-known paid groups get a colour; any other group renders with the default tag style. */
export function groupColor(group: string): string | undefined {
  return GROUP_COLORS[group];
}
