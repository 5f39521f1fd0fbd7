import type { Redis } from 'ioredis';
import { REDIS_OPTIONS } from '../../../cluster/redis-connection.js';
import { randomHex } from '../../../lib/random.js';
import type { BreakerBus, BreakerMessage } from './breaker-bus.js';

const TOPIC = 'tollgate:breaker';
const openKey = (channelId: number) => `tollgate:breaker:open:${channelId}`;
const probeKey = (channelId: number) => `tollgate:breaker:probe:${channelId}`;

/**
 * The breakers of a cluster, through Redis: a transition is published at once (every node applies it) and
 * an open circuit is also a key living as long as its cooldown, so a node that starts (or reconnects)
 * mid-cooldown learns it too. The half-open probe is a SET NX: one node wins it.
 */
export class RedisBreakerBus implements BreakerBus {
  private readonly node = randomHex(8);
  private subscriber?: Redis;

  constructor(
    private readonly redis: Redis,
    private readonly onError: (error: unknown) => void,
  ) {}

  /**
   * Follows the other nodes' transitions. At every (re)connection of its own subscriber it subscribes
   * again and reads the circuits open now, since transitions published while it was away were missed. A
   * Redis down at start is not fatal: each node keeps its own breakers until Redis comes up.
   */
  async start(apply: (message: BreakerMessage) => void): Promise<void> {
    const subscriber = this.redis.duplicate({ ...REDIS_OPTIONS, autoResubscribe: false });
    this.subscriber = subscriber;
    subscriber.on('error', () => undefined); // the node's main connection reports Redis outages
    subscriber.on('message', (_topic, text: string) => {
      const parsed = parse(text);
      if (parsed && parsed.node !== this.node) apply(parsed.message);
    });
    subscriber.on('ready', () => {
      subscriber.subscribe(TOPIC).catch(this.onError);
      this.readOpen(apply).catch(this.onError);
    });
    await subscriber.connect().catch(() => undefined);
  }

  stop(): void {
    this.subscriber?.disconnect();
  }

  publish(message: BreakerMessage): void {
    const { channelId } = message;
    const batch = this.redis.multi();
    if (message.state === 'open') batch.set(openKey(channelId), String(message.openings), 'PX', Math.max(1, Math.ceil(message.cooldownMs)));
    else batch.del(openKey(channelId));
    // The probe of this cooldown is decided (or there was none): the next one is free to claim.
    batch.del(probeKey(channelId));
    batch.publish(TOPIC, JSON.stringify({ node: this.node, message }));
    batch.exec().catch(this.onError);
  }

  async claimProbe(channelId: number, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(probeKey(channelId), this.node, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX')) === 'OK';
  }

  private async readOpen(apply: (message: BreakerMessage) => void): Promise<void> {
    const keys: string[] = [];
    for await (const batch of this.redis.scanStream({ match: openKey(0).replace(/0$/, '*'), count: 200 }) as AsyncIterable<string[]>) keys.push(...batch);
    for (const key of keys) {
      const [openings, ttl] = await Promise.all([this.redis.get(key), this.redis.pttl(key)]);
      const channelId = Number(key.slice(key.lastIndexOf(':') + 1));
      if (openings !== null && ttl > 0 && Number.isInteger(channelId)) apply({ channelId, state: 'open', cooldownMs: ttl, openings: Number(openings) || 1 });
    }
  }
}

function parse(text: string): { node: string; message: BreakerMessage } | undefined {
  try {
    const parsed = JSON.parse(text) as { node?: unknown; message?: BreakerMessage };
    return typeof parsed.node === 'string' && parsed.message && typeof parsed.message.channelId === 'number' ? (parsed as { node: string; message: BreakerMessage }) : undefined;
  } catch {
    return undefined;
  }
}
