import type { OptionsStore } from '../../../options/options.store.js';
import type { BreakerBus, BreakerMessage } from './breaker-bus.js';
import { cooldownFor, readBreakerSettings, type BreakerSettings } from './breaker-settings.js';
import { ErrorWindow } from './error-window.js';

export type BreakerState = 'closed' | 'open' | 'half-open';

/** What one upstream attempt says about its channel: transient failures count, request faults and key errors do not. */
export type AttemptOutcome = 'success' | 'failure' | 'neutral';

interface Circuit {
  window: ErrorWindow;
  state: BreakerState;
  /** Epoch ms when an open circuit's cooldown ends. */
  until: number;
  /** Openings in a row without a successful probe: the cooldown doubles with each. */
  openings: number;
  /** The half-open probe: being claimed across nodes, free to take here, or taken by a request in flight. */
  probe: 'claiming' | 'ready' | 'taken';
  /** When a taken probe that never reported (its request died) is given up and may be taken again. */
  probeDeadline: number;
}

/** How long a claimed cluster-wide probe waits for Redis before this node probes on its own. */
const CLAIM_TIMEOUT_MS = 1000;

/**
 * Per-channel circuit breakers for transient failures, a routing-time state beside the stored status (which
 * only auto-disable and administrators change). Closed: outcomes fill a sliding error window, and a rate
 * over the threshold opens the circuit. Open: routing skips the channel until the cooldown ends. Half-open:
 * exactly one request (per cluster, with a bus) probes it; success closes, failure reopens for a doubled
 * cooldown. While every circuit is closed, a routing check is one field read.
 */
export class ChannelBreakers {
  private readonly circuits = new Map<number, Circuit>();
  /** Circuits not closed; 0 lets every check return at once. */
  private notClosed = 0;
  private settings: BreakerSettings;
  private revision: number;

  constructor(
    private readonly options: OptionsStore,
    private readonly probeTimeoutMs: number,
    private readonly now: () => number = Date.now,
    private bus?: BreakerBus,
  ) {
    this.settings = readBreakerSettings(options);
    this.revision = options.revision;
  }

  /** Shares transitions with other nodes from now on. */
  connect(bus: BreakerBus): void {
    this.bus = bus;
  }

  /** Whether routing may pick the channel now: closed, or half-open with the probe free to take. */
  passable(channelId: number): boolean {
    if (this.notClosed === 0) return true;
    const circuit = this.circuits.get(channelId);
    if (!circuit || circuit.state === 'closed' || !this.current().enabled) return true;
    const now = this.now();
    if (circuit.state === 'open') {
      if (now < circuit.until) return false;
      this.halfOpen(channelId, circuit, now);
    }
    if (circuit.probe === 'taken' && now >= circuit.probeDeadline) circuit.probe = 'ready';
    return circuit.probe === 'ready';
  }

  /**
   * Routing picked the channel: when it was half-open, this request is its probe and no other may take it.
   * True when it took the probe, whose outcome (or a 'neutral' record if it is never sent) frees it.
   */
  picked(channelId: number): boolean {
    if (this.notClosed === 0) return false;
    const circuit = this.circuits.get(channelId);
    if (circuit?.state !== 'half-open' || circuit.probe !== 'ready') return false;
    circuit.probe = 'taken';
    circuit.probeDeadline = this.now() + this.probeTimeoutMs;
    return true;
  }

  /** Counts one attempt's outcome. O(1), and no allocation once the channel has a circuit. */
  record(channelId: number, outcome: AttemptOutcome): void {
    const settings = this.current();
    if (!settings.enabled) return;
    let circuit = this.circuits.get(channelId);
    if (!circuit) {
      if (outcome === 'neutral') return;
      circuit = { window: new ErrorWindow(settings.windowMs), state: 'closed', until: 0, openings: 0, probe: 'ready', probeDeadline: 0 };
      this.circuits.set(channelId, circuit);
    }
    if (outcome === 'success') {
      // A probe that passed, or a request sent to a cooling channel because nothing else served the model.
      if (circuit.state !== 'closed') this.close(channelId, circuit, true);
      else circuit.window.record(this.now(), false);
      return;
    }
    if (outcome === 'neutral') {
      // The probe said nothing about the channel (the client left, the request was refused): free it again.
      if (circuit.state === 'half-open' && circuit.probe === 'taken') circuit.probe = 'ready';
      return;
    }
    const now = this.now();
    if (circuit.state === 'closed') {
      circuit.window.record(now, true);
      if (circuit.window.tripped(now, settings.minRequests, settings.errorRate)) this.open(channelId, circuit, now, 1, true);
    } else if (circuit.state === 'half-open') {
      this.open(channelId, circuit, now, circuit.openings + 1, true);
    }
    // Already open: the failure of a request that had nowhere else to go extends nothing.
  }

  /** Closes a circuit from outside the relay (a channel test passed). */
  reset(channelId: number): void {
    const circuit = this.circuits.get(channelId);
    if (circuit && circuit.state !== 'closed') this.close(channelId, circuit, true);
  }

  /** Another node's transition. */
  apply(message: BreakerMessage): void {
    let circuit = this.circuits.get(message.channelId);
    if (message.state === 'closed') {
      if (circuit && circuit.state !== 'closed') this.close(message.channelId, circuit, false);
      return;
    }
    if (!circuit) {
      circuit = { window: new ErrorWindow(this.current().windowMs), state: 'closed', until: 0, openings: 0, probe: 'ready', probeDeadline: 0 };
      this.circuits.set(message.channelId, circuit);
    }
    if (circuit.state === 'closed') this.notClosed += 1;
    circuit.state = 'open';
    circuit.until = this.now() + message.cooldownMs;
    circuit.openings = message.openings;
  }

  /** The channel list's view: the state, and when an open circuit's cooldown ends (epoch seconds, else 0). */
  view(channelId: number): { state: BreakerState; until: number } {
    const circuit = this.circuits.get(channelId);
    if (!circuit || circuit.state === 'closed') return { state: 'closed', until: 0 };
    if (circuit.state === 'open' && circuit.until > this.now()) return { state: 'open', until: Math.ceil(circuit.until / 1000) };
    return { state: 'half-open', until: 0 };
  }

  /** Every channel whose circuit is not closed, for a metrics gauge. */
  states(): { channelId: number; state: Exclude<BreakerState, 'closed'> }[] {
    const states: { channelId: number; state: Exclude<BreakerState, 'closed'> }[] = [];
    for (const channelId of this.circuits.keys()) {
      const { state } = this.view(channelId);
      if (state !== 'closed') states.push({ channelId, state });
    }
    return states;
  }

  private open(channelId: number, circuit: Circuit, now: number, openings: number, announce: boolean): void {
    if (circuit.state === 'closed') this.notClosed += 1;
    const cooldownMs = cooldownFor(this.current(), openings);
    circuit.state = 'open';
    circuit.until = now + cooldownMs;
    circuit.openings = openings;
    if (announce) this.bus?.publish({ channelId, state: 'open', cooldownMs, openings });
  }

  private close(channelId: number, circuit: Circuit, announce: boolean): void {
    if (circuit.state !== 'closed') this.notClosed -= 1;
    circuit.state = 'closed';
    circuit.openings = 0;
    circuit.window.reset(this.current().windowMs);
    if (announce) this.bus?.publish({ channelId, state: 'closed' });
  }

  /** The cooldown is over: one probe may go. In a cluster the nodes race for it; the losers wait as if still open. */
  private halfOpen(channelId: number, circuit: Circuit, now: number): void {
    circuit.state = 'half-open';
    if (!this.bus) {
      circuit.probe = 'ready';
      return;
    }
    circuit.probe = 'claiming';
    const claim = this.bus.claimProbe(channelId, this.probeTimeoutMs);
    const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(true), CLAIM_TIMEOUT_MS).unref());
    // Redis slow or down: each node keeps its own breaker, so this one probes on its own.
    void Promise.race([claim.catch(() => true), timeout]).then((won) => {
      if (circuit.state !== 'half-open' || circuit.probe !== 'claiming') return;
      if (won) circuit.probe = 'ready';
      else {
        // Another node probes; its outcome arrives as a message. Should it never come, try again later.
        circuit.state = 'open';
        circuit.until = now + this.probeTimeoutMs;
      }
    });
  }

  /** The settings, read again only when the options changed. */
  private current(): BreakerSettings {
    if (this.revision !== this.options.revision) {
      const windowChanged = this.settings.windowMs;
      this.settings = readBreakerSettings(this.options);
      this.revision = this.options.revision;
      if (windowChanged !== this.settings.windowMs) for (const circuit of this.circuits.values()) circuit.window.reset(this.settings.windowMs);
    }
    return this.settings;
  }
}
