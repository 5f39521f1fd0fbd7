import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, TraceIdRatioBasedSampler } from '@opentelemetry/sdk-trace-base';
import type { TokenUsage } from '../providers/token-usage.js';
import type { RelayObservation, RelayObserver, UpstreamFailureKind } from './relay-observation.js';
import type { Tracing, TracingOptions } from './tracing.js';

/** The request id's attribute on every span: the X-Oneapi-Request-Id header and the consume log's request_id. */
const REQUEST_ID = 'tollgate.request_id';
const CHANNEL_ID = 'tollgate.channel_id';

/** OpenTelemetry over OTLP/HTTP (JSON), batched off the request path; loaded only when an endpoint is set. */
export function startOtelTracing(options: TracingOptions): Tracing {
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName, 'service.version': options.version }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
    // A request left out by the ratio gets spans that record nothing and are never exported.
    sampler: new TraceIdRatioBasedSampler(options.sampleRatio),
  });
  const tracer = provider.getTracer('tollgate');
  const observer: RelayObserver = { begin: (requestId, route, protocol) => new TracedRequest(tracer, requestId, route, protocol) };
  return {
    observer,
    flush: () => provider.forceFlush(),
    close: () => provider.shutdown(),
  };
}

/**
 * The spans of one relayed request: `tollgate.relay` for the whole of it, and inside it `tollgate.route`
 * (choosing the channel and planning the request), one `tollgate.upstream` per attempt, and `tollgate.settle`.
 */
class TracedRequest implements RelayObservation {
  private readonly root: Span;
  private readonly inside: Context;
  private route?: Span;
  private upstream?: Span;
  private settle?: Span;

  constructor(
    private readonly tracer: Tracer,
    private readonly requestId: string,
    route: string,
    protocol: string,
  ) {
    this.root = tracer.startSpan('tollgate.relay', { kind: SpanKind.SERVER, attributes: { [REQUEST_ID]: requestId, 'http.route': route, 'tollgate.client_protocol': protocol } });
    this.inside = trace.setSpan(ROOT_CONTEXT, this.root);
  }

  private child(name: string, attributes: Attributes = {}, kind = SpanKind.INTERNAL): Span {
    return this.tracer.startSpan(name, { kind, attributes: { [REQUEST_ID]: this.requestId, ...attributes } }, this.inside);
  }

  routing(): void {
    this.route = this.child('tollgate.route');
  }

  routed(model: string, channelId: number): void {
    this.root.setAttribute('gen_ai.request.model', model);
    this.route?.setAttributes({ 'gen_ai.request.model': model, [CHANNEL_ID]: channelId });
    this.route?.end();
    this.route = undefined;
  }

  attempt(channelId: number): void {
    this.upstream?.end();
    this.upstream = this.child('tollgate.upstream', { [CHANNEL_ID]: channelId }, SpanKind.CLIENT);
  }

  attemptFailed(status: number, kind: UpstreamFailureKind): void {
    this.upstream?.setAttributes({ 'http.response.status_code': status, 'tollgate.upstream.failure': kind });
    this.upstream?.setStatus({ code: SpanStatusCode.ERROR, message: kind });
    this.upstream?.end();
    this.upstream = undefined;
  }

  answered(status: number): void {
    this.upstream?.setAttribute('http.response.status_code', status);
    this.upstream?.end();
    this.upstream = undefined;
  }

  streaming(): void {
    this.root.setAttribute('tollgate.stream', true);
  }

  settling(): void {
    this.settle = this.child('tollgate.settle');
  }

  settled(model: string, usage: TokenUsage, quota: number): void {
    this.settle?.setAttributes({
      'gen_ai.response.model': model,
      'gen_ai.usage.input_tokens': usage.promptTokens,
      'gen_ai.usage.output_tokens': usage.completionTokens,
      'tollgate.quota': quota,
    });
    this.settle?.end();
    this.settle = undefined;
  }

  ended(status: number): void {
    // Steps a failure cut short end with the request.
    for (const span of [this.route, this.upstream, this.settle]) span?.end();
    this.root.setAttribute('http.response.status_code', status);
    if (status >= 500) this.root.setStatus({ code: SpanStatusCode.ERROR });
    this.root.end();
  }
}
