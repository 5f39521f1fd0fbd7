import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createRuntime, type Runtime } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { silentLogger } from '../../test/test-app.js';

describe('serving the console', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-web-'));
  let runtime: Runtime;
  let app: FastifyInstance;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, 'dist', 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html><title>console</title>');
    fs.writeFileSync(path.join(dir, 'dist', 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'dist', 'logo.png'), 'png');
    runtime = await createRuntime(loadConfig({ SQLITE_PATH: path.join(dir, 'db.sqlite'), SESSION_SECRET: 's' }), silentLogger);
    app = await buildApp(runtime.ctx, { webDist: path.join(dir, 'dist') });
  });
  afterAll(async () => {
    await app.close();
    await runtime.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html uncached at / and for every client route', async () => {
    for (const url of ['/', '/login', '/channel/edit/3', '/user/reset?email=a&token=b']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>console</title>');
    }
  });

  it('caches hashed assets for a year and other files for a week', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const logo = await app.inject({ method: 'GET', url: '/logo.png' });
    expect(logo.headers['cache-control']).toBe('public, max-age=604800');
  });

  it('answers unknown API paths with the OpenAI-style 404, not the console', async () => {
    for (const url of ['/api/nothing', '/v1/nothing']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { message: `Invalid URL (GET ${url})`, type: 'invalid_request_error', param: '', code: '' } });
    }
  });

  it('sends the request id header on every answer', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/status' });
    expect(response.headers['x-oneapi-request-id']).toMatch(/^\d{20,}$/);
  });
});
