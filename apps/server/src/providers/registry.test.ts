import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES } from '@tollgate/contract';
import { adaptorFor } from './registry.js';

describe('adaptor registry', () => {
  it.each(CHANNEL_TYPES.map((type) => [type.id, type.label, type.protocol] as const))('type %i (%s) speaks %s, which has its adaptor', (_id, _label, protocol) => {
    const adaptor = adaptorFor(protocol);
    expect(typeof adaptor.buildRequest).toBe('function');
    expect(typeof adaptor.parseAnswer).toBe('function');
  });
});
