import { channelType } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import type { UpstreamTarget } from '../adaptor.js';
import { credentialsOf } from './credentials.js';

const target = (key: string, config: Record<string, string> = {}): UpstreamTarget => ({ type: channelType(33)!, key, baseUrl: '', other: '', config, settings: {} });

describe('Bedrock channel credentials', () => {
  it.each([
    ['AKID|secret/key|us-east-1', { accessKeyId: 'AKID', secretAccessKey: 'secret/key', region: 'us-east-1' }],
    [' ASIA | secret | eu-west-1 | token/with+chars= ', { accessKeyId: 'ASIA', secretAccessKey: 'secret', region: 'eu-west-1', sessionToken: 'token/with+chars=' }],
    ['ABSKbedrockkey|ap-northeast-1', { apiKey: 'ABSKbedrockkey', region: 'ap-northeast-1' }],
  ])('reads the key %s', (key, expected) => {
    expect(credentialsOf(target(key))).toEqual(expected);
  });

  it('falls back to the config fields of one-api’s newer console when the key is in no form', () => {
    const config = { ak: 'AKID', sk: 'secret', region: 'us-west-2' };
    expect(credentialsOf(target('', config))).toEqual({ accessKeyId: 'AKID', secretAccessKey: 'secret', region: 'us-west-2' });
    expect(credentialsOf(target('AKID||us-west-2', config))).toEqual({ accessKeyId: 'AKID', secretAccessKey: 'secret', region: 'us-west-2' });
    expect(credentialsOf(target('ABSKkey|us-east-1', config))).toEqual({ apiKey: 'ABSKkey', region: 'us-east-1' });
  });

  it('finds none in a key of one part or five, or in incomplete fields', () => {
    expect(credentialsOf(target('just-a-key'))).toBeUndefined();
    expect(credentialsOf(target('a|b|c|d|e'))).toBeUndefined();
    expect(credentialsOf(target('', { ak: 'AKID', region: 'us-west-2' }))).toBeUndefined();
  });
});
