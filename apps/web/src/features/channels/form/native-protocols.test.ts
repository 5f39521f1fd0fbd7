import { describe, expect, it } from 'vitest';
import { nativeProtocolsConfigValue, shownNativeProtocols, storedNativeProtocols, withNativeProtocols } from './native-protocols';

const OPENAI = 1;
const GEMINI = 24;
const VERTEX_AI = 42;
const CUSTOM = 8;

describe('native protocols of the channel form', () => {
  it('reads a stored declaration, and nothing declared as the type defaults', () => {
    expect(storedNativeProtocols({})).toBeNull();
    expect(storedNativeProtocols({ native_protocols: ' ' })).toBeNull();
    expect(storedNativeProtocols({ native_protocols: 'gemini, anthropic,bogus' })).toEqual(['anthropic', 'gemini']);
    expect(storedNativeProtocols({ native_protocols: 'none' })).toEqual([]);
  });

  it('ticks the type defaults until the admin chooses', () => {
    expect(shownNativeProtocols(null, VERTEX_AI)).toEqual(['anthropic', 'gemini']);
    expect(shownNativeProtocols(null, CUSTOM)).toEqual([]);
    expect(shownNativeProtocols(['gemini'], VERTEX_AI)).toEqual(['gemini']);
  });

  it('stores a choice only where it differs from the type defaults, and none when all are cleared', () => {
    expect(nativeProtocolsConfigValue(null, GEMINI)).toBeUndefined();
    expect(nativeProtocolsConfigValue(['gemini'], GEMINI)).toBeUndefined();
    expect(nativeProtocolsConfigValue(['gemini', 'anthropic'], VERTEX_AI)).toBeUndefined();
    expect(nativeProtocolsConfigValue(['gemini', 'responses'], OPENAI)).toBe('responses,gemini');
    expect(nativeProtocolsConfigValue([], OPENAI)).toBe('none');
    expect(nativeProtocolsConfigValue([], CUSTOM)).toBeUndefined();
  });

  it('writes the choice into the config, replacing or removing what was stored', () => {
    expect(withNativeProtocols({ region: 'x', native_protocols: 'gemini' }, ['anthropic'], OPENAI)).toEqual({ region: 'x', native_protocols: 'anthropic' });
    expect(withNativeProtocols({ region: 'x', native_protocols: 'gemini' }, ['responses'], OPENAI)).toEqual({ region: 'x' });
    expect(withNativeProtocols({ region: 'x' }, null, OPENAI)).toEqual({ region: 'x' });
  });
});
