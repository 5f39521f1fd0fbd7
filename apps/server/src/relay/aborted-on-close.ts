import type { FastifyReply } from 'fastify';

/** A signal that fires when the client hangs up before its answer is complete. */
export function abortedOnClose(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
