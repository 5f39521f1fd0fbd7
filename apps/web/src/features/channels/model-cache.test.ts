import { beforeEach, describe, expect, it } from 'vitest';
import { cacheChannelModels, channelModelsOf, forgetChannelModels } from './model-cache';

describe('channel model cache', () => {
  beforeEach(() => forgetChannelModels());

  it('answers from memory and keeps a copy under channel_models', () => {
    cacheChannelModels({ 1: ['gpt-4o'], 14: ['claude-3-haiku'] });
    expect(channelModelsOf(1)).toEqual(['gpt-4o']);
    expect(JSON.parse(localStorage.getItem('channel_models') ?? '{}')).toEqual({ 1: ['gpt-4o'], 14: ['claude-3-haiku'] });
  });

  it('falls back to local storage when memory is empty', () => {
    localStorage.setItem('channel_models', JSON.stringify({ 36: ['deepseek-chat'] }));
    expect(channelModelsOf(36)).toEqual(['deepseek-chat']);
  });

  it('gives an empty list when neither knows the type', () => {
    expect(channelModelsOf(1)).toEqual([]);
    cacheChannelModels({ 1: ['gpt-4o'] });
    expect(channelModelsOf(99)).toEqual([]);
  });
});
