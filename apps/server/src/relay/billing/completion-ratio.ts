/**
 * The completion ratio of models with no explicit entry: output tokens cost this many times input tokens.
 * These follow the vendors' published price ratios (reference 1.8); anything unknown costs the same both ways.
 */
export function inferredCompletionRatio(model: string): number {
  if (model.startsWith('gpt-3.5')) {
    if (model === 'gpt-3.5-turbo' || model.endsWith('0125')) return 3;
    if (model.endsWith('1106')) return 2;
    return 4 / 3;
  }
  if (model.startsWith('gpt-4o')) return model === 'gpt-4o-2024-05-13' ? 3 : 4;
  if (model.startsWith('gpt-4')) return model.startsWith('gpt-4-turbo') || model.endsWith('preview') ? 3 : 2;
  if (model.startsWith('o1')) return 4;
  if (model === 'chatgpt-4o-latest') return 3;
  if (model.startsWith('claude-3')) return 5;
  if (model.startsWith('claude-')) return 3;
  if (model.startsWith('mistral-') || model.startsWith('gemini-')) return 3;
  if (model.startsWith('deepseek-')) return 2;
  return NAMED_COMPLETION_RATIOS[model] ?? 1;
}

const NAMED_COMPLETION_RATIOS: Record<string, number> = {
  'llama2-70b-4096': 0.8 / 0.64,
  'llama3-8b-8192': 2,
  'llama3-70b-8192': 0.79 / 0.59,
  command: 2,
  'command-light': 2,
  'command-nightly': 2,
  'command-light-nightly': 2,
  'command-r': 3,
  'command-r-plus': 5,
  'grok-beta': 3,
};
