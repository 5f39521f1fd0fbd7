/**
 * The message of an upstream error body, wherever the vendor put it (reference 1.5 step 9): OpenAI's
 * `error.message`, then `message`, `msg`, `err`, `error_msg`, `header.message`, `response.error.message`.
 */
export interface UpstreamError {
  message: string;
  type: string;
  code: string;
}

export function parseUpstreamError(status: number, body: string): UpstreamError {
  let parsed: Record<string, unknown> | undefined;
  try {
    parsed = JSON.parse(body) as Record<string, unknown>;
  } catch {
    parsed = undefined;
  }
  const error = parsed?.error;
  if (error && typeof error === 'object') {
    const e = error as { message?: unknown; type?: unknown; code?: unknown };
    return { message: String(e.message ?? `bad response status code ${status}`), type: String(e.type ?? 'upstream_error'), code: String(e.code ?? 'bad_response_status_code') };
  }
  const pick = (...values: unknown[]) => values.find((v) => typeof v === 'string' && v !== '') as string | undefined;
  const nested = (value: unknown, ...keys: string[]) => keys.reduce<unknown>((acc, key) => (acc && typeof acc === 'object' ? (acc as Record<string, unknown>)[key] : undefined), value);
  const message =
    pick(
      typeof error === 'string' ? error : undefined,
      parsed?.message,
      parsed?.msg,
      parsed?.err,
      parsed?.error_msg,
      nested(parsed, 'header', 'message'),
      nested(parsed, 'response', 'error', 'message'),
    ) ?? (body && !parsed ? body.slice(0, 500) : `bad response status code ${status}`);
  return { message, type: 'upstream_error', code: 'bad_response_status_code' };
}
