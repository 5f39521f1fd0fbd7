import type OpenAI from 'openai';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { DatabaseKind } from './databases.js';
import { relayFixture, type RelayFixture } from './relay-fixture.js';

/** What the suite needs of a fake vendor: HTTP fakes and the websocket one (Spark) alike. */
export interface FakeVendor {
  behaviour: object;
  start(): Promise<this>;
  stop(): Promise<void>;
}

export interface ProviderSuiteOptions<U extends FakeVendor> {
  /** The fake vendor behind the main channel, started before the server. */
  upstream: () => U;
  /** The main channel's fields, as the console sends them (`type`, `key`, `base_url`, `models`...). */
  channel: (upstream: U) => Record<string, unknown>;
  /** The user whose key the tests call with; it gets ample quota so billing never refuses. */
  username: string;
  /** Prices for the models the built-in table does not know (or does not key by these names). */
  modelRatio?: Record<string, number>;
}

/** Filled in by `beforeAll`: read it inside tests and hooks, never at describe time. */
export interface ProviderSuite<U extends FakeVendor> {
  f: RelayFixture;
  upstream: U;
  channelId: number;
  userId: number;
  key: string;
  /** The official SDK, calling Tollgate with the suite's key. */
  client(): OpenAI;
  /** Auto-disable is off by default; a test of channel disabling turns it on, and the suite turns it off again. */
  enableAutoDisable(): Promise<void>;
}

const SUITE_USER_QUOTA = 10_000_000;

/**
 * The end-to-end provider test's common frame: one fake vendor, a Tollgate on a fresh `kind` database with one
 * channel pointing at it, one user and key. Registers its own hooks, so call it at the top of the `describe`.
 * After each test the fake behaves normally again and the options a test may turn (auto-disable, retries)
 * are back at their defaults, so tests do not leak into each other.
 */
export function providerSuite<U extends FakeVendor>(kind: DatabaseKind, options: ProviderSuiteOptions<U>): ProviderSuite<U> {
  const suite = {
    client: () => suite.f.client(suite.key),
    enableAutoDisable: () => suite.f.ctx.options.set('AutomaticDisableChannelEnabled', 'true'),
  } as ProviderSuite<U>;

  beforeAll(async () => {
    suite.upstream = await options.upstream().start();
    suite.f = await relayFixture(kind);
    if (options.modelRatio) await suite.f.ctx.options.set('ModelRatio', JSON.stringify(options.modelRatio));
    suite.channelId = await suite.f.addChannel(options.channel(suite.upstream));
    suite.userId = await suite.f.addUser(options.username, SUITE_USER_QUOTA);
    suite.key = await suite.f.addKey(suite.userId);
  });
  afterAll(async () => {
    await suite.f.close();
    await suite.upstream.stop();
  });
  afterEach(async () => {
    suite.upstream.behaviour = {};
    await suite.f.ctx.options.set('AutomaticDisableChannelEnabled', 'false');
    await suite.f.ctx.options.set('RetryTimes', '0');
  });
  return suite;
}
