import { describe, expect, it } from 'vitest';
import { unusedPort } from '../../test/in-flight-traffic.js';
import { sampleValue } from '../../test/prometheus-text.js';
import { buildTestApp } from '../../test/test-app.js';

describe('METRICS_PORT', () => {
  it('serves /metrics on its own port only, behind METRICS_TOKEN when both are set', async () => {
    const port = await unusedPort();
    const t = await buildTestApp('sqlite', { METRICS_ENABLED: 'true', METRICS_PORT: String(port), METRICS_TOKEN: 'port-token' });
    try {
      const main = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer port-token' } });
      expect(main.statusCode).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
      const scraped = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: 'Bearer port-token' } });
      expect(scraped.status).toBe(200);
      expect(sampleValue(await scraped.text(), 'tollgate_relay_in_flight_requests')).toBe(0);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(404);
    } finally {
      await t.close();
    }
    // Closing the runtime closes the metrics port with it.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it('needs no token on its own port when none is set', async () => {
    const port = await unusedPort();
    const t = await buildTestApp('sqlite', { METRICS_ENABLED: 'true', METRICS_PORT: String(port) });
    try {
      const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('# TYPE tollgate_relay_requests_total counter');
    } finally {
      await t.close();
    }
  });
});
