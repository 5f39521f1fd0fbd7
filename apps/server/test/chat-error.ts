import type OpenAI from 'openai';

/**
 * Sends a one-line chat and returns the error the SDK raised (or, if none, the answer, which then fails the
 * test's `toMatchObject`): for tests of how an upstream failure reaches the client.
 */
export async function chatError(client: OpenAI, model: string, extra: Partial<OpenAI.ChatCompletionCreateParams> = {}): Promise<unknown> {
  const body: OpenAI.ChatCompletionCreateParams = { model, messages: [{ role: 'user', content: 'hi' }], ...extra };
  return client.chat.completions.create(body).catch((error: unknown) => error);
}
