/**
 * count_tokens' answer, `{"input_tokens":N}`, for a count Tollgate made itself (no channel counts the
 * request natively), and read from an upstream's: Bedrock's CountTokens answers `{"inputTokens":N}`.
 * Docs: https://docs.anthropic.com/en/api/messages-count-tokens
 */
export const countTokensAnswer = (inputTokens: number) => ({ input_tokens: inputTokens });

/** An upstream's count as Anthropic's answer; other bodies (Anthropic's own, an error) unchanged. */
export function countTokensFromUpstream(body: Buffer): Buffer {
  try {
    const answer = JSON.parse(body.toString('utf8')) as { input_tokens?: unknown; inputTokens?: unknown };
    if (answer.input_tokens === undefined && typeof answer.inputTokens === 'number') return Buffer.from(JSON.stringify(countTokensAnswer(answer.inputTokens)));
  } catch {
    return body;
  }
  return body;
}
