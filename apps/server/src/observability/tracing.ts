import type { RelayObserver } from './relay-observation.js';

export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL. */
  endpoint: string;
  serviceName: string;
  version: string;
  /** Share of requests traced, 0 to 1. */
  sampleRatio: number;
}

/** Traces of relayed requests, when OTEL_EXPORTER_OTLP_ENDPOINT is set. */
export interface Tracing {
  observer: RelayObserver | undefined;
  /** Sends the spans still batched. */
  flush(): Promise<void>;
  /** Sends what is batched and stops. */
  close(): Promise<void>;
}

const OFF: Tracing = { observer: undefined, flush: () => Promise.resolve(), close: () => Promise.resolve() };

/** The OpenTelemetry SDK is imported only when an endpoint is configured: without one, nothing of it loads. */
export async function startTracing(options: Omit<TracingOptions, 'endpoint'> & { endpoint: string | undefined }): Promise<Tracing> {
  const { endpoint } = options;
  if (!endpoint) return OFF;
  const { startOtelTracing } = await import('./otel-tracer.js');
  return startOtelTracing({ ...options, endpoint });
}
