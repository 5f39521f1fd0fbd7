import { ChannelStatus, TokenStatus, type ChannelView, type Token } from '@tollgate/contract';
import { fullKey } from '@/lib/gateway-address';

/** The steps of a first run, in order: a channel, a key, a request with that key, its log row. */
export const FIRST_RUN_STEPS = ['channel', 'key', 'request', 'log'] as const;
export type FirstRunStep = (typeof FIRST_RUN_STEPS)[number];

/** What the checklist reads from the existing lists (first pages are enough: it asks whether any exist). */
export interface FirstRunFacts {
  channels: readonly Pick<ChannelView, 'status' | 'models'>[];
  /** The signed-in user's own keys. */
  tokens: readonly Pick<Token, 'id' | 'key' | 'status'>[];
  /** Whether any consume log exists: a request went through and was billed. */
  hasConsumeLog: boolean;
}

export interface FirstRunProgress {
  done: Record<FirstRunStep, boolean>;
  allDone: boolean;
  /** The step to do next, or undefined when all are done. */
  current?: FirstRunStep;
  /** The user's newest usable key in full (`sk-...`), as the key list's copy gives it. */
  key?: string;
  /** The models the enabled channels serve, the newest channel's first. */
  models: string[];
}

export function firstRunProgress({ channels, tokens, hasConsumeLog }: FirstRunFacts): FirstRunProgress {
  const key = newestKey(tokens);
  const done: Record<FirstRunStep, boolean> = { channel: channels.length > 0, key: tokens.length > 0, request: hasConsumeLog, log: hasConsumeLog };
  const current = FIRST_RUN_STEPS.find((step) => !done[step]);
  return { done, allDone: current === undefined, current, key, models: servedModels(channels) };
}

/** The newest enabled key (ids grow with creation), else the newest of any status. */
function newestKey(tokens: FirstRunFacts['tokens']): string | undefined {
  const newestFirst = [...tokens].sort((a, b) => b.id - a.id);
  const token = newestFirst.find((candidate) => candidate.status === TokenStatus.Enabled) ?? newestFirst[0];
  return token && fullKey(token.key);
}

function servedModels(channels: FirstRunFacts['channels']): string[] {
  const enabled = channels.filter((channel) => channel.status === ChannelStatus.Enabled);
  const names = (enabled.length > 0 ? enabled : channels).flatMap((channel) => channel.models.split(','));
  return [...new Set(names.map((name) => name.trim()).filter(Boolean))];
}
