import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../db/errors.js';
import { anthropicProtocol } from '../providers/anthropic/ingress/protocol.js';
import { geminiProtocol } from '../providers/gemini/ingress/protocol.js';
import { openAIProtocol } from '../providers/openai/ingress/protocol.js';
import { answerErrorsAs } from '../relay/relay-conventions.js';
import { answerError } from './error-handler.js';

/**
 * A database connection lost past the pool's one retry is answered 503 with Retry-After, on the relay in the
 * client's protocol and on the console in its envelope: a passing outage to retry, not an internal error.
 */
const lost = () => new DatabaseUnavailableError(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));

async function answerOf(handler: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify({ logger: false });
  handler(app);
  app.get('/fails', async () => {
    throw lost();
  });
  const response = await app.inject({ method: 'GET', url: '/fails' });
  await app.close();
  return response;
}

describe('a lost database connection', () => {
  it.each([
    // Anthropic's "unavailable" is its 529 overloaded, which its SDKs and Claude Code retry.
    ['OpenAI', openAIProtocol, 503, { error: { code: 'database_unavailable' } }],
    ['Anthropic', anthropicProtocol, 529, { type: 'error', error: { type: 'overloaded_error' } }],
    ['Gemini', geminiProtocol, 503, { error: { code: 503, status: 'UNAVAILABLE' } }],
  ] as const)('is a relay answer in %s shape with Retry-After', async (_name, protocol, status, shape) => {
    const response = await answerOf((app) => answerErrorsAs(app, protocol));
    expect(response.statusCode).toBe(status);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toMatchObject(shape);
  });

  it('is a console answer of 503 with Retry-After, in its language', async () => {
    const response = await answerOf((app) => app.setErrorHandler(answerError));
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toEqual({ success: false, message: 'the database is unavailable, please try again shortly' });
  });
});
