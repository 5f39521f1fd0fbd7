import type { ChannelView } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { checkChannelForm, composedKey, toChannelPayload } from './channel-form-rules';
import { toFormValues, type ChannelFormValues } from './channel-form-values';

const form = (patch: Partial<ChannelFormValues> = {}): ChannelFormValues => ({
  ...toFormValues(),
  name: 'main',
  key: 'sk-abc',
  models: ['gpt-4o'],
  ...patch,
});

const loaded: ChannelView = {
  id: 7,
  type: 1,
  key: '',
  status: 1,
  name: 'old',
  weight: 3,
  created_time: 1,
  test_time: 0,
  response_time: 0,
  base_url: '',
  other: '',
  balance: 0,
  balance_updated_time: 0,
  models: 'gpt-4o,gpt-4o',
  group: 'default,vip',
  used_quota: 0,
  model_mapping: '{"a":"b"}',
  priority: 5,
  config: '',
  system_prompt: '',
  breaker: { state: 'closed', until: 0 },
};

describe('checkChannelForm', () => {
  it('accepts a complete form', () => {
    expect(checkChannelForm(form(), false)).toBeUndefined();
  });

  it('needs a name and a key when creating, but not when editing', () => {
    expect(checkChannelForm(form({ name: ' ' }), false)).toBe('nameAndKeyRequired');
    expect(checkChannelForm(form({ key: '' }), false)).toBe('nameAndKeyRequired');
    expect(checkChannelForm(form({ key: '' }), true)).toBeUndefined();
  });

  it('needs a model, except for the Proxy type', () => {
    expect(checkChannelForm(form({ models: [] }), false)).toBe('modelsRequired');
    expect(checkChannelForm(form({ models: [], type: 43 }), false)).toBeUndefined();
  });

  it('needs a model mapping that is valid JSON when one is given', () => {
    expect(checkChannelForm(form({ model_mapping: '{gpt-4: gpt-4o}' }), false)).toBe('modelMappingInvalid');
    expect(checkChannelForm(form({ model_mapping: '{"gpt-4": "gpt-4o"}' }), false)).toBeUndefined();
  });

  it('needs at least one group', () => {
    expect(checkChannelForm(form({ groups: [] }), false)).toBe('groupsRequired');
  });
});

describe('composedKey', () => {
  const config = { ...toFormValues().config, ak: 'AK', sk: 'SK', region: 'us-west-2', vertex_ai_project_id: 'proj', vertex_ai_adc: '{"k":1}' };

  it('builds an AWS key from ak|sk|region when the key is empty', () => {
    expect(composedKey(form({ type: 33, key: '', config }))).toBe('AK|SK|us-west-2');
    expect(checkChannelForm(form({ type: 33, key: '', config }), false)).toBeUndefined();
  });

  it('builds a Vertex AI key from region|project|adc when the key is empty', () => {
    expect(composedKey(form({ type: 42, key: '', config }))).toBe('us-west-2|proj|{"k":1}');
  });

  it('puts a pasted multi-line service-account key on one line, so it stays one channel', () => {
    const adc = JSON.stringify({ type: 'service_account', private_key: '-----BEGIN PRIVATE KEY-----\nAB\n-----END PRIVATE KEY-----\n' }, null, 2);
    const key = composedKey(form({ type: 42, key: '', config: { ...config, vertex_ai_adc: adc } }));
    expect(key).not.toContain('\n');
    expect(JSON.parse(key.split('|').slice(2).join('|'))).toEqual(JSON.parse(adc));
    expect(composedKey(form({ type: 42, key: '', config: { ...config, vertex_ai_adc: 'not\n json' } }))).toBe('us-west-2|proj|not json');
  });

  it('keeps a typed key, and builds nothing from incomplete credentials', () => {
    expect(composedKey(form({ type: 33, key: 'typed', config }))).toBe('typed');
    expect(composedKey(form({ type: 33, key: '', config: { ...config, sk: '' } }))).toBe('');
    expect(composedKey(form({ type: 1, key: '', config }))).toBe('');
  });
});

describe('toChannelPayload', () => {
  it('joins models and groups, removes the trailing slash and sends config as JSON', () => {
    const payload = toChannelPayload(form({ base_url: 'https://proxy.example.com/', groups: ['default', 'vip'], models: ['a', 'b'] }));
    expect(payload).toMatchObject({ name: 'main', type: 1, key: 'sk-abc', base_url: 'https://proxy.example.com', models: 'a,b', group: 'default,vip', groups: ['default', 'vip'] });
    expect(JSON.parse(payload.config ?? '')).toMatchObject({ region: '', ak: '' });
    expect(payload).not.toHaveProperty('priority');
    expect(payload).not.toHaveProperty('weight');
  });

  it('defaults the Azure API version and mirrors it into config', () => {
    const payload = toChannelPayload(form({ type: 3 }));
    expect(payload.other).toBe('2024-03-01-preview');
    expect(JSON.parse(payload.config ?? '')).toMatchObject({ api_version: '2024-03-01-preview' });
    expect(toChannelPayload(form({ type: 3, other: '2024-06-01' })).other).toBe('2024-06-01');
  });

  it('keeps a multi-line batch key as it is: one channel per line', () => {
    expect(toChannelPayload(form({ key: 'sk-1\nsk-2' })).key).toBe('sk-1\nsk-2');
  });

  it('sends priority and weight as the field rules checked them, never clamped', () => {
    const payload = toChannelPayload(form({ priority: -3, weight: 4 }));
    expect(payload.priority).toBe(-3);
    expect(payload.weight).toBe(4);
  });

  it('saves native protocols into config only where they differ from the type defaults', () => {
    const config = (values: Partial<ChannelFormValues>) => JSON.parse(toChannelPayload(form(values)).config ?? '') as Record<string, unknown>;
    expect(config({})).not.toHaveProperty('native_protocols');
    expect(config({ native_protocols: ['responses'] })).not.toHaveProperty('native_protocols');
    expect(config({ native_protocols: ['anthropic', 'responses'] })).toMatchObject({ native_protocols: 'anthropic,responses' });
    expect(config({ native_protocols: [] })).toMatchObject({ native_protocols: 'none' });
  });

  it('loads stored native protocols and keeps them through an edit', () => {
    const stored = { ...loaded, config: '{"native_protocols":"gemini","region":""}' };
    const values = toFormValues(stored);
    expect(values.native_protocols).toEqual(['gemini']);
    expect(JSON.parse(toChannelPayload(values, stored).config ?? '')).toMatchObject({ native_protocols: 'gemini' });
    expect(toFormValues(loaded).native_protocols).toBeNull();
  });

  it('sends the loaded channel back with the edits and a blank key when editing', () => {
    const values = { ...toFormValues(loaded), name: 'renamed' };
    const payload = toChannelPayload(values, loaded);
    expect(payload).toMatchObject({ id: 7, name: 'renamed', key: '', models: 'gpt-4o', group: 'default,vip', priority: 5, weight: 3, status: 1 });
    expect(payload.model_mapping).toBe('{\n  "a": "b"\n}');
  });
});
