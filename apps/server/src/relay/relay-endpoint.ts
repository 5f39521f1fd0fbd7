import type { AppContext } from '../context.js';
import type { RelayMode } from '../providers/adaptor.js';
import type { IngressEndpoint, IngressProtocol } from '../providers/ingress.js';
import type { KeyRecord } from './auth/key-cache.js';
import type { ModeRules } from './modes/mode-rules.js';
import type { RelayInput } from './request-input.js';

/**
 * One relayed endpoint as a client calls it: the client's protocol (its credentials and error shape), the
 * relay mode (what the hub request is), the rules that read, reserve and charge, and the ingress that
 * writes the answer in the client's protocol.
 */
export interface RelayEndpoint {
  protocol: IngressProtocol;
  mode: RelayMode;
  rules: ModeRules;
  ingress: IngressEndpoint;
  /**
   * The channel the request must go to, because it alone holds what the request continues (the stored
   * response a Responses request names): used alone, as a pinned channel is, and never retried elsewhere.
   */
  affinity?(ctx: AppContext, input: RelayInput, key: KeyRecord): Promise<number | undefined>;
  /** Remembers which channel keeps an answer the upstream stored, for later calls about it. */
  remember?(ctx: AppContext, answer: StoredAnswer, requestId: string): void;
}

/** An answer an upstream keeps under its id (a stored response), and whose it is. */
export interface StoredAnswer {
  answerId: string;
  channelId: number;
  userId: number;
}

/** Where each mode's hub request goes on an OpenAI-protocol upstream: the request a foreign client's is converted into. */
export const HUB_PATHS: Partial<Record<RelayMode, string>> = {
  chat: '/v1/chat/completions',
  completions: '/v1/completions',
  embeddings: '/v1/embeddings',
};
