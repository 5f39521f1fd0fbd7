import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies one-api defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      SQLITE_PATH: './data/one-api.db',
      SQLITE_BUSY_TIMEOUT: 3000,
      NODE_TYPE: 'master',
      SYNC_FREQUENCY: 600,
      GLOBAL_API_RATE_LIMIT: 480,
      GLOBAL_WEB_RATE_LIMIT: 240,
      CRITICAL_RATE_LIMIT: 20,
      DEBUG: false,
    });
    expect(config.SQL_DSN).toBeUndefined();
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['SYNC_FREQUENCY', '0'],
    ['NODE_TYPE', 'replica'],
    ['SESSION_SECRET', 'random_string'],
    ['REDIS_CONN_STRING', 'localhost:6379'],
    ['FRONTEND_BASE_URL', 'not a url'],
    ['DEBUG', 'maybe'],
    ['METRICS_PORT', '70000'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'collector:4318'],
    ['OTEL_TRACES_SAMPLER_ARG', '1.5'],
    ['OTEL_TRACES_SAMPLER_ARG', 'half'],
  ])('stops on an invalid %s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('refuses metrics on the main port without a token, or on the main port as their own', () => {
    expect(() => loadConfig({ METRICS_ENABLED: 'true' })).toThrow(/METRICS_ENABLED needs METRICS_TOKEN .* or METRICS_PORT/);
    expect(() => loadConfig({ METRICS_ENABLED: 'true', PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(loadConfig({ METRICS_ENABLED: 'true', METRICS_TOKEN: 'secret' })).toMatchObject({ METRICS_ENABLED: true, METRICS_PORT: 0 });
    expect(loadConfig({ METRICS_ENABLED: 'true', METRICS_PORT: '9464' })).toMatchObject({ METRICS_PORT: 9464 });
    expect(loadConfig({})).toMatchObject({ METRICS_ENABLED: false, OTEL_SERVICE_NAME: 'tollgate', OTEL_TRACES_SAMPLER_ARG: 1 });
    expect(loadConfig({ OTEL_TRACES_SAMPLER_ARG: '0.25' }).OTEL_TRACES_SAMPLER_ARG).toBe(0.25);
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ PORT: '', SQL_DSN: '  ', REDIS_CONN_STRING: '' })).toMatchObject({ PORT: 3000, SQL_DSN: undefined, REDIS_CONN_STRING: undefined });
  });
});
