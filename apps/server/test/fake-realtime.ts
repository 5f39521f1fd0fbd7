import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A fake OpenAI (and Azure) Realtime host. Each handshake is recorded (path, query, headers); a `refuse` status
 * refuses handshakes as the vendor's gateway does. An accepted session gets `session.created`, and then:
 * - `response.create` is answered with `response.created`, an audio delta, a text delta and `response.done`
 *   carrying the session's next usage of `usages` (in order; the last repeats);
 * - a binary frame is echoed back as it came;
 * - a text frame `{"type":"test.close","code":…}` closes the session from the upstream's side;
 * - `session.update` is answered with `session.updated` carrying the session as sent (its transcription model);
 * - `input_audio_buffer.commit` is answered with `conversation.item.input_audio_transcription.completed` carrying
 *   the next usage of `transcriptions` (in order; the last repeats).
 * Docs: https://platform.openai.com/docs/api-reference/realtime-server-events
 */
export interface RealtimeBehaviour {
  /** Refuse handshakes with this HTTP status (and an OpenAI error body). */
  refuse?: number;
  /** Answer each handshake only after this long (a slow upstream, for a client that leaves meanwhile). */
  handshakeDelayMs?: number;
  /** The usage objects of the `response.done` events, in order. */
  usages?: RealtimeUsageObject[];
  /** The usage objects of the input transcriptions (`{type:'tokens',…}` or `{type:'duration',seconds}`), in order. */
  transcriptions?: Record<string, unknown>[];
}

export interface RealtimeUsageObject {
  total_tokens: number;
  input_tokens: number;
  output_tokens: number;
  input_token_details: { text_tokens: number; audio_tokens: number; cached_tokens: number; cached_tokens_details: { text_tokens: number; audio_tokens: number } };
  output_token_details: { text_tokens: number; audio_tokens: number };
}

export interface RealtimeHandshake {
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
}

export class FakeRealtime {
  readonly handshakes: RealtimeHandshake[] = [];
  /** Every frame the fake received, as text (binary ones as `binary:<base64>`). */
  readonly frames: string[] = [];
  behaviour: RealtimeBehaviour = {};
  openSockets = 0;
  private server?: WebSocketServer;

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  async start(): Promise<this> {
    this.server = new WebSocketServer({
      host: '127.0.0.1',
      port: 0,
      verifyClient: ({ req }, done) => {
        const url = new URL(req.url ?? '/', 'ws://fake');
        this.handshakes.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers });
        const { refuse, handshakeDelayMs } = this.behaviour;
        const answer = () => (refuse ? done(false, refuse, 'refused', { 'content-type': 'application/json' }) : done(true));
        if (handshakeDelayMs) setTimeout(answer, handshakeDelayMs);
        else answer();
      },
    });
    this.server.on('connection', (socket) => this.serve(socket));
    await new Promise<void>((resolve) => this.server?.once('listening', resolve));
    return this;
  }

  async stop(): Promise<void> {
    for (const client of this.server?.clients ?? []) client.terminate();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private serve(socket: WebSocket) {
    this.openSockets += 1;
    let responses = 0;
    let transcriptions = 0;
    socket.on('close', () => (this.openSockets -= 1));
    socket.send(JSON.stringify({ type: 'session.created', event_id: 'event_1', session: { id: 'sess_fake', object: 'realtime.session' } }));
    socket.on('message', (data: Buffer, isBinary) => {
      if (isBinary) {
        this.frames.push(`binary:${data.toString('base64')}`);
        socket.send(data, { binary: true });
        return;
      }
      const text = data.toString('utf8');
      this.frames.push(text);
      const event = JSON.parse(text) as { type?: string; code?: number; session?: Record<string, unknown> };
      if (event.type === 'test.close') socket.close(event.code ?? 1000, 'closed by the fake');
      if (event.type === 'session.update') socket.send(JSON.stringify({ type: 'session.updated', event_id: 'event_u', session: { id: 'sess_fake', ...event.session } }));
      if (event.type === 'input_audio_buffer.commit') this.transcribe(socket, (transcriptions += 1));
      if (event.type === 'response.create') this.respond(socket, (responses += 1));
    });
  }

  private transcribe(socket: WebSocket, nth: number) {
    const usages = this.behaviour.transcriptions ?? [];
    const usage = usages[Math.min(nth, usages.length) - 1];
    socket.send(JSON.stringify({ type: 'conversation.item.input_audio_transcription.completed', event_id: `event_tr${nth}`, item_id: `item_${nth}`, content_index: 0, transcript: 'hello there', usage }));
  }

  private respond(socket: WebSocket, nth: number) {
    const usages = this.behaviour.usages ?? [];
    const usage = usages[Math.min(nth, usages.length) - 1];
    const id = `resp_${nth}`;
    socket.send(JSON.stringify({ type: 'response.created', event_id: `event_c${nth}`, response: { id, object: 'realtime.response', status: 'in_progress' } }));
    socket.send(JSON.stringify({ type: 'response.audio.delta', event_id: `event_a${nth}`, response_id: id, delta: Buffer.from('fake audio').toString('base64') }));
    // A text delta that quotes the event type: it must not be taken for the event itself.
    socket.send(JSON.stringify({ type: 'response.text.delta', event_id: `event_t${nth}`, response_id: id, delta: 'the "response.done" event ends it' }));
    socket.send(JSON.stringify({ type: 'response.done', event_id: `event_d${nth}`, response: { id, object: 'realtime.response', status: 'completed', usage } }));
  }
}
