/**
 * When an upstream error means the channel itself is broken (bad key, no credit, banned account) rather
 * than the request: one-api's ShouldDisableChannel rules (reference 1.9).
 */
export interface ErrorFacts {
  status: number;
  type: string;
  code: string;
  message: string;
}

const DISABLING_TYPES = new Set(['insufficient_quota', 'authentication_error', 'permission_error', 'forbidden']);
const DISABLING_CODES = new Set(['invalid_api_key', 'account_deactivated']);
const DISABLING_PHRASES = [
  'your access was terminated',
  'violation of our policies',
  'your credit balance is too low',
  'organization has been disabled',
  'credit',
  'balance',
  'permission denied',
  'organization has been restricted',
  'api key not valid',
  'api key expired',
  '欠费',
];

export function shouldDisableChannel(error: ErrorFacts): boolean {
  if (error.status === 401) return true;
  if (DISABLING_TYPES.has(error.type) || DISABLING_CODES.has(error.code)) return true;
  const message = error.message.toLowerCase();
  return DISABLING_PHRASES.some((phrase) => message.includes(phrase));
}
