import type { FallbackStep } from '@tollgate/contract';
import { checkModelAllowed, type Caller } from '../auth/authenticate.js';
import { asRelayError } from '../relay-conventions.js';
import type { RelayInput } from '../request-input.js';
import type { Route } from '../routing/route.js';
import type { RoutableChannel } from '../routing/routable-channel.js';
import { fallbackTrigger } from './fallback-trigger.js';
import type { FallbackChain } from './model-fallbacks.js';

/** The relay's refusal of a model that has no price (relay/billing/pricing.ts). */
const UNPRICED = 'model_price_not_set';

/** The next model of a chain, routed: the request as asked of it, its route and the route's first channel. */
export interface FallbackHop {
  input: RelayInput;
  route: Route;
  first: RoutableChannel;
}

/** A hop and its plan, or the refusal that ended the request on it. */
export type PlannedHop<P> = { hop: FallbackHop; plan: P } | { hop: FallbackHop; refused: unknown };

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
  /** Set once a step ended the request (the steps are then whole). */
  private ended = false;
  /** The failure that last sent the request on. */
  private sentOnBy: unknown;

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
    if (!goesOn) {
      this.ended = true;
      return undefined;
    }
    this.sentOnBy = error;
    return this.advance();
  }

  /**
   * Plans a hop with `plan`; a model of the chain the relay refuses as unpriced is skipped (a step saying so) for
   * the model after it, rather than ending the request. Any other refusal, and the model asked for's own, is
   * given back as `refused` with the hop it ended on. Undefined when no model is left: the request is then
   * answered with `endingError`, the failure that sent it along the chain.
   */
  planned<P>(hop: FallbackHop, plan: (hop: FallbackHop) => P): PlannedHop<P> | undefined {
    for (let at: FallbackHop | undefined = hop; at; ) {
      try {
        return { hop: at, plan: plan(at) };
      } catch (refused) {
        if (at.input === this.original || asRelayError(refused).code !== UNPRICED) return { hop: at, refused };
        at.route.release();
        this.steps.push({ model: at.input.model, channels: [], status: asRelayError(refused).status, skipped: 'unpriced' });
        at = this.advance();
      }
    }
    return undefined;
  }

  /** The error the client is answered with when the chain ran out on skipped models. */
  get endingError(): unknown {
    return this.sentOnBy;
  }

  /** Whether the request went on to another model. */
  get fellBack(): boolean {
    return this.steps.length > 0;
  }

  /**
   * Every model tried for an error log: the steps, with the route that failed last added when the request ended
   * on it without going through `next` (its reservation refused, say).
   */
  failedSteps(input: RelayInput, channels: readonly number[], status: number): FallbackStep[] {
    if (this.ended) return this.steps;
    return [...this.steps, { model: input.model, channels: [...channels], status }];
  }

  /** The next model of the chain that the key may use and that has a channel, routed; undefined when none is left. */
  private advance(): FallbackHop | undefined {
    while (this.position < this.chain.models.length) {
      const model = this.chain.models[this.position]!;
      this.position += 1;
      if (!this.allowed(model)) continue;
      const next = this.original.withModel(model);
      const route = this.routeOf(next);
      try {
        return { input: next, route, first: route.first() };
      } catch (failed) {
        route.release();
        this.steps.push({ model, channels: [], status: asRelayError(failed).status, trigger: 'failure' });
      }
    }
    // The last model that failed had its trigger say to go on, but nothing was left: it ended the request.
    const last = this.steps.findLast((step) => step.skipped === undefined);
    if (last) delete last.trigger;
    this.ended = true;
    return undefined;
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

/**
 * The x-tollgate-fallback-chain header: the models tried, in order, a skipped one with its reason as a
 * parameter (`gpt-a,gpt-b;skipped=unpriced,gpt-c`), ending with `answered` when one answered.
 */
export function chainHeader(steps: readonly FallbackStep[], answered?: string): string {
  const tried = steps.map((step) => (step.skipped ? `${step.model};skipped=${step.skipped}` : step.model));
  return (answered === undefined ? tried : [...tried, answered]).join(',');
}

/** Whether a request can go on to another model: a multipart upload (audio transcriptions) cannot. */
export const canFallBack = (input: RelayInput): boolean => input.multipartBoundary === undefined;

/** Every channel of every model tried, in order, for an error log's `channels`. */
export const channelsOfSteps = (steps: readonly FallbackStep[]): number[] => steps.flatMap((step) => step.channels);
