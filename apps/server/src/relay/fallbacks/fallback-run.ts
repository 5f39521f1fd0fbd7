import type { FallbackStep } from '@tollgate/contract';
import { checkModelAllowed, type Caller } from '../auth/authenticate.js';
import { asRelayError } from '../relay-conventions.js';
import type { RelayInput } from '../request-input.js';
import type { Route } from '../routing/route.js';
import type { RoutableChannel } from '../routing/routable-channel.js';
import { FallbackInput } from './fallback-input.js';
import { fallbackTrigger } from './fallback-trigger.js';
import type { FallbackChain } from './model-fallbacks.js';

/** The next model of a chain, routed: the request as asked of it, its route and the route's first channel. */
export interface FallbackHop {
  input: RelayInput;
  route: Route;
  first: RoutableChannel;
}

/** The response headers that tell a client its answer came from a model of the chain (docs/fallbacks.md). */
export const FALLBACK_MODEL_HEADER = 'x-tollgate-fallback-model';
export const FALLBACK_CHAIN_HEADER = 'x-tollgate-fallback-chain';

/**
 * One request's way along its model's fallback chain: made only for a request whose group and model have a
 * chain, it remembers each model that did not answer (its channels, status and why the next was tried), for
 * the headers and the logs. A model the key may not use is passed over; a model no channel serves (or whose
 * channels are all disabled) is noted as failed without a call and passed over.
 */
export class FallbackRun {
  readonly steps: FallbackStep[] = [];
  private position = 0;

  constructor(
    private readonly chain: FallbackChain,
    private readonly caller: Caller,
    private readonly original: RelayInput,
    private readonly routeOf: (input: RelayInput) => Route,
  ) {}

  /** The first channel of the model asked for, or, when it has none to give, of the first model of the chain that has. */
  start(input: RelayInput, route: Route): FallbackHop {
    try {
      return { input, route, first: route.first() };
    } catch (error) {
      const hop = this.next(input, [], error);
      if (!hop) throw error;
      return hop;
    }
  }

  /**
   * After `input`'s route failed with `error`: the next model of the chain that can be routed, or undefined when
   * the failure is not one of the chain's triggers (the client's own mistake, a trigger left off) or no model is left.
   */
  next(input: RelayInput, channels: readonly number[], error: unknown): FallbackHop | undefined {
    const trigger = fallbackTrigger(error);
    const goesOn = trigger !== undefined && this.chain.triggers.has(trigger);
    this.steps.push(goesOn ? { model: input.model, channels: [...channels], status: asRelayError(error).status, trigger } : { model: input.model, channels: [...channels], status: asRelayError(error).status });
    if (!goesOn) return undefined;
    while (this.position < this.chain.models.length) {
      const model = this.chain.models[this.position]!;
      this.position += 1;
      if (!this.allowed(model)) continue;
      const next = new FallbackInput(this.original, model);
      const route = this.routeOf(next);
      try {
        return { input: next, route, first: route.first() };
      } catch (failed) {
        route.release();
        this.steps.push({ model, channels: [], status: asRelayError(failed).status, trigger: 'failure' });
      }
    }
    // The last step's trigger said to go on, but nothing was left: it ended the request.
    const last = this.steps.at(-1);
    if (last) delete last.trigger;
    return undefined;
  }

  /** Whether the request went on to another model. */
  get fellBack(): boolean {
    return this.steps.length > 0;
  }

  /** The models tried, in order, ending with `answered` when one answered. */
  models(answered?: string): string[] {
    const models = this.steps.map((step) => step.model);
    return answered === undefined ? models : [...models, answered];
  }

  /**
   * Every model tried for an error log: the steps, with the route that failed last added when the request ended
   * on it without going through `next` (its reservation refused, say).
   */
  failedSteps(input: RelayInput, channels: readonly number[], status: number): FallbackStep[] {
    const last = this.steps.at(-1);
    // A step without a trigger ended the request: the list is whole.
    if (last && last.trigger === undefined) return this.steps;
    return [...this.steps, { model: input.model, channels: [...channels], status }];
  }

  private allowed(model: string): boolean {
    try {
      checkModelAllowed(this.caller, model);
      return true;
    } catch {
      return false;
    }
  }
}

/** Every channel of every model tried, in order, for an error log's `channels`. */
export const channelsOfSteps = (steps: readonly FallbackStep[]): number[] => steps.flatMap((step) => step.channels);
