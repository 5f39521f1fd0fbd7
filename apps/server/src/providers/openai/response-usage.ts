/** Usage as OpenAI reports it, in a response body or in the last stream chunk. */
export interface ReportedUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export function readUsage(value: unknown): ReportedUsage | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const usage = value as { prompt_tokens?: unknown; completion_tokens?: unknown; total_tokens?: unknown };
  const prompt = Number(usage.prompt_tokens ?? 0);
  const completion = Number(usage.completion_tokens ?? 0);
  const total = Number(usage.total_tokens ?? prompt + completion);
  if (![prompt, completion, total].every(Number.isFinite)) return undefined;
  return { promptTokens: prompt, completionTokens: completion, totalTokens: total };
}

/** The generated text of a non-stream answer, for counting when the upstream reported no usage. */
export function completionText(body: unknown): string {
  const choices = (body as { choices?: unknown })?.choices;
  if (!Array.isArray(choices)) return '';
  return choices
    .map((choice: { message?: { content?: unknown; tool_calls?: unknown }; text?: unknown }) => {
      const content = choice.message?.content ?? choice.text;
      const text = typeof content === 'string' ? content : '';
      return choice.message?.tool_calls ? text + JSON.stringify(choice.message.tool_calls) : text;
    })
    .join('');
}
