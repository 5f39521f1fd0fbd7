import type { AppContext } from '../../context.js';
import type { KeyRecord } from '../auth/key-cache.js';
import type { Price } from '../billing/pricing.js';
import type { Reservation } from '../billing/reservation.js';
import { settle, type ConsumeFacts } from '../settle.js';

/** The session's facts every settlement repeats. */
export interface SessionFacts {
  record: KeyRecord;
  channelId: number;
  /** The model as the upstream was asked for it (after the channel's model mapping): the price's and the log's. */
  model: string;
  /** The channel's type: a transcription model is priced as on it. */
  channelType: number;
  price: Price;
  requestId: string;
  startedAt: number;
}

/** What differs between a session's consume rows: a response's or an input transcription's charge. */
type RowCharge = Pick<ConsumeFacts, 'model' | 'usage' | 'price' | 'quota' | 'breakdown'>;

/**
 * Settles one consume row of a session under its channel and request id, marked as a stream passed through
 * (Realtime frames are relayed as they come): against `reservation`, or against nothing held (amount 0).
 */
export function settleSessionRow(ctx: AppContext, facts: SessionFacts, charge: RowCharge, reservation?: Reservation): void {
  const { record } = facts;
  // Not waited for: the frame that reported the usage is relayed as it came, whatever its bill's journal write.
  void settle(ctx, {
    record,
    reservation: reservation ?? { userId: record.userId, tokenId: record.tokenId, unlimitedToken: record.unlimitedQuota, amount: 0 },
    channelId: facts.channelId,
    ...charge,
    requestId: facts.requestId,
    elapsedMs: performance.now() - facts.startedAt,
    stream: true,
    systemPromptReset: false,
    protocol: 'openai',
    passthrough: true,
  });
}
