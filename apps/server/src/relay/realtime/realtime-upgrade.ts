import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AppContext } from '../../context.js';
import { newRequestId } from '../../http/request-id.js';
import { authenticate, checkModelAllowed, type Caller } from '../auth/authenticate.js';
import type { Price } from '../billing/pricing.js';
import type { Reservation } from '../billing/reservation.js';
import { admitBudgets, type BudgetTicket } from '../budgets/budget-admission.js';
import { clientAddressFor } from '../direct/client-address.js';
import { admit, limitScopes } from '../limits/admission.js';
import type { LimitTicket } from '../limits/rate-limiter.js';
import { asRelayError } from '../relay-conventions.js';
import type { RoutableChannel } from '../routing/routable-channel.js';
import { Route } from '../routing/route.js';
import { recordFailure, refund } from '../settle.js';
import { refuseHandshake } from './handshake-refusal.js';
import { headerSink } from './header-sink.js';
import { redispatchAsHttp } from './http-redispatch.js';
import { RealtimeBilling, sessionHold } from './realtime-billing.js';
import { connectUpstream, UpstreamRefusal, type OpenUpstream } from './realtime-connect.js';
import { RealtimeCounts, registerRealtimeMetrics } from './realtime-metrics.js';
import { chosenSubprotocol, isRealtimeHandshake, readRealtimeRequest, type RealtimeRequest } from './realtime-request.js';
import { CLOSE, RealtimeSession } from './realtime-session.js';
import { realtimeTarget, servesRealtime } from './realtime-target.js';

/** What a refusal is counted under when no channel of the group serves the model (as relay.ts counts it). */
const UNSERVED_MODEL = '(no channel)';

/** The largest frame either side may send: an `input_audio_buffer.append` carries up to 15 MiB of base64 audio. */
const MAX_FRAME_BYTES = 32 * 1024 * 1024;

/**
 * Serves `GET /v1/realtime` over WebSocket (OpenAI's and Azure's Realtime API) on the app's server: the
 * handshake is read, authenticated, routed, limited and paid for like a request, the upstream is opened (a
 * failed channel retried on another, RetryTimes as for requests) before the client's upgrade completes, and
 * the session then relays frames until either side closes. Every other upgrade request is HTTP as before.
 * Sessions still open when the server closes are ended with 1001.
 */
export function serveRealtime(ctx: AppContext, app: FastifyInstance): void {
  const sessions = new Set<RealtimeSession>();
  const counts = new RealtimeCounts();
  registerRealtimeMetrics(ctx.metrics, counts);
  const clientAddress = clientAddressFor(ctx.config.TRUSTED_PROXIES);
  const server = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: MAX_FRAME_BYTES, handleProtocols: chosenSubprotocol });
  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!isRealtimeHandshake(req)) {
      redispatchAsHttp(app.server, req, socket, head);
      return;
    }
    // A client that drops during the opening must not throw from its socket.
    socket.on('error', () => undefined);
    const opening = new SessionOpening(ctx, server, clientAddress(req), sessions, counts);
    void ctx.relay.inFlight
      .track(() => opening.open(req, socket, head))
      .catch((error: unknown) => {
        ctx.log.error({ err: error }, 'a Realtime session failed to open');
        if (!socket.destroyed) refuseHandshake(socket, error, newRequestId());
      });
  });
  app.addHook('preClose', (done) => {
    for (const session of sessions) session.close(CLOSE.goingAway, 'server shutting down');
    done();
  });
}

/** What the opening of one session holds until the session takes it over, or gives back if it fails. */
class SessionOpening {
  private readonly requestId = newRequestId();
  private readonly startedAt = performance.now();
  private readonly headers: Record<string, string> = {};
  private caller: Caller | undefined;
  private model = '';
  private route: Route | undefined;
  private ticket: LimitTicket | undefined;
  private budgetTicket: BudgetTicket | undefined;
  private reservation: Reservation | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly server: WebSocketServer,
    private readonly clientIp: string,
    private readonly sessions: Set<RealtimeSession>,
    private readonly counts: RealtimeCounts,
  ) {}

  /** Resolves when the session is over (or was refused): the relay's in-flight count holds it until then. */
  async open(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    let request: RealtimeRequest;
    try {
      request = readRealtimeRequest(req);
      this.model = request.model;
      const authenticated = authenticate(this.ctx.relay.keys, request.credential, this.clientIp);
      this.caller = authenticated instanceof Promise ? await authenticated : authenticated;
    } catch (error) {
      // A bad key or handshake is refused before anything is counted, as a request's is (but for /metrics).
      this.counts.end('refused');
      refuseHandshake(socket, error, this.requestId);
      return;
    }
    let channel: RoutableChannel;
    let price: Price;
    try {
      ({ channel, price } = await this.admit(this.caller));
    } catch (error) {
      this.giveBack();
      this.refuse(socket, error, []);
      return;
    }
    const { ctx } = this;
    const route = this.route!;
    let upstream: OpenUpstream;
    let retriesLeft = Math.max(0, Math.floor(ctx.options.num('RetryTimes')));
    for (;;) {
      const upstreamModel = channel.modelMapping[request.model] ?? request.model;
      try {
        upstream = await connectUpstream(realtimeTarget(channel, upstreamModel, request.beta), channel.id);
        route.record(channel.id, 'success');
        break;
      } catch (error) {
        route.record(channel.id, 'failure');
        const next = error instanceof UpstreamRefusal && error.retryable && retriesLeft > 0 ? route.next() : undefined;
        if (!next) {
          this.giveBack();
          this.refuse(socket, error, route.channels);
          return;
        }
        ctx.log.warn({ reqId: this.requestId, channelId: channel.id, next: next.id, err: error }, 'Realtime upstream refused the session, trying another channel');
        retriesLeft -= 1;
        channel = next;
        try {
          price = ctx.relay.pricing.price(channel.modelMapping[request.model] ?? request.model, channel.type, this.caller.record.group);
        } catch (priceError) {
          this.giveBack();
          this.refuse(socket, priceError, route.channels);
          return;
        }
      }
    }
    await this.upgrade(req, socket, head, upstream, channel, price);
  }

  /** The request's admission: model, channel, price, rate limits (one request, one slot held), budgets, the first hold. */
  private async admit(caller: Caller): Promise<{ channel: RoutableChannel; price: Price }> {
    const { ctx, model } = this;
    const { record } = caller;
    checkModelAllowed(caller, model);
    this.route = new Route(ctx.relay.channels.table, record.group, model, caller.pinnedChannelId, servesRealtime, ctx.relay.breakers);
    const channel = this.route.first();
    const price = ctx.relay.pricing.price(channel.modelMapping[model] ?? model, channel.type, record.group);
    const hold = sessionHold(ctx, price);
    const sink = headerSink(this.headers);
    const scopes = limitScopes(record, ctx.relay.groupLimits);
    // One request for the per-minute counts at the start; its running slot is held for the session's length.
    if (scopes) this.ticket = await admit(ctx.relay.limiter, scopes, this.requestId, sink, () => 0);
    const budgetScopes = ctx.relay.budgets.scopesOf(record);
    if (budgetScopes) this.budgetTicket = await admitBudgets(ctx.relay.budgets, budgetScopes, hold, sink);
    const reservation: Reservation = { userId: record.userId, tokenId: record.tokenId, unlimitedToken: record.unlimitedQuota, amount: hold };
    await ctx.relay.reserver.reserve(reservation);
    this.reservation = reservation;
    return { channel, price };
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, { socket: upstream, early }: OpenUpstream, channel: RoutableChannel, price: Price): Promise<void> {
    const { ctx } = this;
    const caller = this.caller!;
    const billing = new RealtimeBilling(
      ctx,
      { record: caller.record, channelId: channel.id, model: channel.modelMapping[this.model] ?? this.model, channelType: channel.type, price, requestId: this.requestId, startedAt: this.startedAt },
      sessionHold(ctx, price),
      this.reservation!,
      this.budgetTicket,
      ctx.relay.budgets.scopesOf(caller.record),
    );
    let client: WebSocket | undefined;
    // ws completes the handshake at once, or drops a socket that closed meanwhile without calling back.
    if (socket.readable && socket.writable) {
      this.server.handleUpgrade(req, socket, head, (accepted) => {
        client = accepted;
      });
    }
    if (!client) {
      // The client left while the upstream was being reached: nothing was relayed, nothing is billed, and its
      // half-closed socket is let go (left open, it held the server's close until the process ended).
      this.counts.end('client_left');
      socket.destroy();
      upstream.terminate();
      await billing.close();
      this.ticket?.end();
      return;
    }
    const session = new RealtimeSession(client, upstream, billing, this.ticket, ctx.log, this.requestId, this.counts);
    this.sessions.add(session);
    this.counts.open += 1;
    await new Promise<void>((resolve) => {
      session.start(resolve, early);
    });
    this.counts.open -= 1;
    this.sessions.delete(session);
  }

  /** Gives back what the admission took: the running slot, the budgets' hold, the quota hold, a breaker probe. */
  private giveBack(): void {
    this.ticket?.end();
    this.budgetTicket?.end();
    this.route?.release();
    if (this.reservation) refund(this.ctx, this.reservation);
  }

  /** Answers the refusal, counted (with its error log) as a refused or failed request is. */
  private refuse(socket: Duplex, error: unknown, channels: readonly number[]): void {
    // Refused after a channel was tried: every channel refused the session or could not be reached.
    this.counts.end(error instanceof UpstreamRefusal ? 'upstream_failed' : 'refused');
    const { status, message } = asRelayError(error);
    const record = this.caller!.record;
    const facts = { record, status, message, model: this.model, channels, requestId: this.requestId, elapsedMs: performance.now() - this.startedAt, stream: true, protocol: 'openai' as const };
    // A name no channel of the group serves is any text a client chooses: counted under one name, as the relay does.
    const served = this.ctx.relay.channels.table.owner(record.group, this.model) !== undefined;
    recordFailure(this.ctx, served ? facts : { ...facts, countedModel: UNSERVED_MODEL });
    refuseHandshake(socket, error, this.requestId, this.headers);
  }
}
