import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/test-app.js';

/** The CommonJS modules this process has loaded so far (an ESM import of a CommonJS package lands here too). */
const loaded = () => Object.keys(createRequire(import.meta.url).cache);
const fromPackage = (name: string) => loaded().filter((file) => file.includes(`/node_modules/${name}/`));

// One file of its own: no other test in this process may have loaded prom-client or the OpenTelemetry SDK first.
describe('metrics and traces turned off', () => {
  it('never load prom-client or the OpenTelemetry SDK; turned on, they do', async () => {
    const off = await buildTestApp('sqlite');
    await off.app.inject({ method: 'GET', url: '/readyz' });
    await off.close();
    expect(fromPackage('prom-client')).toEqual([]);
    expect(fromPackage('@opentelemetry/sdk-trace-base')).toEqual([]);
    expect(fromPackage('@opentelemetry/exporter-trace-otlp-http')).toEqual([]);

    const on = await buildTestApp('sqlite', { METRICS_ENABLED: 'true', METRICS_TOKEN: 't', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
    await on.close();
    // The same probe sees them once enabled, so the emptiness above is not the probe's blindness.
    expect(fromPackage('prom-client').length).toBeGreaterThan(0);
    expect(fromPackage('@opentelemetry/sdk-trace-base').length).toBeGreaterThan(0);
    expect(fromPackage('@opentelemetry/exporter-trace-otlp-http').length).toBeGreaterThan(0);
  });
});
