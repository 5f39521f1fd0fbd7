import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES } from '@tollgate/contract';
import { AWAITING_NATIVE_ADAPTOR, adaptorFor, supportedProtocols } from './registry.js';

describe('adaptor registry', () => {
  it.each(CHANNEL_TYPES.map((type) => [type.id, type.label, type.protocol] as const))('type %i (%s) speaks %s, which has an adaptor or awaits its native one', (_id, _label, protocol) => {
    expect(adaptorFor(protocol) !== undefined || AWAITING_NATIVE_ADAPTOR.includes(protocol)).toBe(true);
  });

  it('never lists a protocol as both supported and awaited', () => {
    expect(supportedProtocols().filter((p) => AWAITING_NATIVE_ADAPTOR.includes(p))).toEqual([]);
  });
});
