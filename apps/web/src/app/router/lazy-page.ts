import type { ComponentType } from 'react';
import { LAZY_CHUNK_TIMEOUT_MS } from '@tollgate/contract';

/** A page's code could not be loaded: network failure, a redeploy removed the chunk, or the timeout passed. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('Loading chunk failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The `lazy` loader of a route showing one page component; failures reach the route's error view. */
export function lazyPage(load: () => Promise<ComponentType>): () => Promise<{ Component: ComponentType }> {
  return async () => {
    try {
      return { Component: await withTimeout(load(), LAZY_CHUNK_TIMEOUT_MS) };
    } catch (cause) {
      throw new ChunkLoadError(cause);
    }
  };
}
