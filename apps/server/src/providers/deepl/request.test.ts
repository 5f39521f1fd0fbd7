import { channelType } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { canonicalRequest, canonicalRequestWithToolTurn } from '../../../test/canonical-request.js';
import { deeplBase, targetLanguageOf, toDeepLRequest } from './request.js';

const target = (key: string, baseUrl = '') => ({ type: channelType(38)!, key, baseUrl, other: '', config: {}, settings: {} });

describe('DeepL request conversion (reference providers.md 15)', () => {
  it('translates the last user message of the canonical request into the model language, nothing else', () => {
    expect(toDeepLRequest(canonicalRequest('deepl-zh'), 'ZH')).toEqual({ text: ['What is in this image? Also get the weather in Paris.'], target_lang: 'ZH' });
    expect(toDeepLRequest(canonicalRequestWithToolTurn('deepl-zh'), 'ZH').text).toEqual(['What is in this image? Also get the weather in Paris.']);
  });

  it.each([
    ['deepl-zh', 'ZH'],
    ['deepl-en', 'EN-US'],
    ['deepl-ja', 'JA'],
    ['deepl-en-gb', 'EN-GB'],
    ['deepl-de', 'DE'],
    ['gpt-4o', undefined],
    ['deepl-', undefined],
  ])('%s targets %s', (model, lang) => {
    expect(targetLanguageOf(model)).toBe(lang);
  });

  it('sends free keys (:fx) to api-free.deepl.com and Pro keys to api.deepl.com, unless a base URL is set', () => {
    expect(deeplBase(target('abc:fx'))).toBe('https://api-free.deepl.com');
    expect(deeplBase(target('abc'))).toBe('https://api.deepl.com');
    expect(deeplBase(target('abc:fx', 'https://deepl.example/'))).toBe('https://deepl.example');
  });
});
