import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as the collector received it (OTLP/HTTP JSON), with its attributes as plain values. */
export interface ReceivedSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: Record<string, string | number | boolean>;
  status?: { code?: number };
  service: string;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpExport {
  resourceSpans?: { resource?: { attributes?: OtlpAttribute[] }; scopeSpans?: { spans?: (Omit<ReceivedSpan, 'attributes' | 'service'> & { attributes?: OtlpAttribute[] })[] }[] }[];
}

const plain = (value: OtlpValue) => value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : undefined) ?? value.doubleValue ?? value.boolValue ?? '';
const attributes = (list: OtlpAttribute[] = []) => Object.fromEntries(list.map((a) => [a.key, plain(a.value)]));

/** A plain HTTP server standing in for an OpenTelemetry collector: takes POST /v1/traces in OTLP JSON. */
export class FakeOtlpCollector {
  readonly spans: ReceivedSpan[] = [];
  readonly paths: string[] = [];
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      this.paths.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service = String(attributes(resourceSpans.resource?.attributes)['service.name'] ?? '');
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) this.spans.push({ ...span, attributes: attributes(span.attributes), service });
        }
      }
      response.setHeader('content-type', 'application/json');
      response.end('{}');
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
