import { channelType } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { canonicalRequest, canonicalRequestWithToolTurn } from '../../../test/canonical-request.js';
import { libraryIdOf, toAskRequest } from './request.js';

describe('AI Proxy library request conversion (reference providers.md 19)', () => {
  it('asks the last user message of the canonical request, nothing else', () => {
    expect(toAskRequest(canonicalRequest('gpt-3.5-turbo'), 'gpt-3.5-turbo', 'lib-1', false)).toEqual({ model: 'gpt-3.5-turbo', query: 'What is in this image? Also get the weather in Paris.', libraryId: 'lib-1', stream: false });
    expect(toAskRequest(canonicalRequestWithToolTurn('m'), 'm', 'lib-1', true)).toMatchObject({ query: 'What is in this image? Also get the weather in Paris.', stream: true });
  });

  it('takes the library id from other, then from config library_id', () => {
    const target = { type: channelType(21)!, key: 'k', baseUrl: '', other: '', config: {}, settings: {} };
    expect(libraryIdOf({ ...target, other: ' lib-other ' })).toBe('lib-other');
    expect(libraryIdOf({ ...target, config: { library_id: 'lib-config' } })).toBe('lib-config');
    expect(libraryIdOf(target)).toBe('');
  });
});
