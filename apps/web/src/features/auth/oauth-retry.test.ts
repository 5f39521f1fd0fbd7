import { describe, expect, it } from 'vitest';
import { afterFailure } from './oauth-retry';

describe('afterFailure', () => {
  it('leaves for /setting at the first failure', () => {
    expect(afterFailure(1)).toEqual({ kind: 'leave', to: '/setting' });
  });

  it('waits 2 seconds times the attempt number before a later retry', () => {
    expect(afterFailure(2)).toEqual({ kind: 'retry', attempt: 2, waitMs: 4000 });
    expect(afterFailure(3)).toEqual({ kind: 'retry', attempt: 3, waitMs: 6000 });
  });
});
