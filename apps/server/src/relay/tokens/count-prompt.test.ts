import { describe, expect, it } from 'vitest';
import { countChatPrompt, countTextInput } from './count-prompt.js';
import { dataUrlImageSize, imageTokens } from './image-tokens.js';

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('prompt token counting (reference 1.7)', () => {
  it('adds 3 per message, the role, the content, 1 + name, and 3 for the reply', () => {
    const messages = [
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'hello there', name: 'ann' },
    ];
    // 3 + role(1) + 2   +   3 + role(1) + 2 + name(1) + 1   +   3
    expect(countChatPrompt(messages, 'gpt-4o', words)).toBe(3 + 1 + 2 + 3 + 1 + 2 + 1 + 1 + 3);
    // gpt-3.5-turbo-0301: 4 per message, a name costs one less.
    expect(countChatPrompt(messages, 'gpt-3.5-turbo-0301', words)).toBe(4 + 1 + 2 + 4 + 1 + 2 + 1 - 1 + 3);
  });

  it('counts what is not a message or a content part (null, numbers) as nothing', () => {
    const messages = [null, 7, { role: 'user', content: [null, 'loose', { type: 'text', text: 'hi there' }] }];
    expect(countChatPrompt(messages, 'gpt-4o', words)).toBe(3 + 1 + 2 + 3);
  });

  it('counts text parts and images by the vision rule', () => {
    const messages = [{ role: 'user', content: [{ type: 'text', text: 'what is this' }, { type: 'image_url', image_url: { url: 'https://x/y.png', detail: 'low' } }] }];
    expect(countChatPrompt(messages, 'gpt-4o', words)).toBe(3 + 1 + 3 + 85 + 3);
  });

  it('prices images: low 85, high by 512 px tiles after scaling, gpt-4o-mini at its own rate', () => {
    expect(imageTokens('gpt-4o', 'low', { width: 4000, height: 4000 })).toBe(85);
    // 1024x1024 -> short side 768 -> 768x768 -> 2x2 tiles.
    expect(imageTokens('gpt-4o', 'high', { width: 1024, height: 1024 })).toBe(4 * 170 + 85);
    // 4096x2048 -> 2048x1024 -> 1536x768 -> 3x2 tiles.
    expect(imageTokens('gpt-4o', 'auto', { width: 4096, height: 2048 })).toBe(6 * 170 + 85);
    expect(imageTokens('gpt-4o-mini', 'low', undefined)).toBe(2833);
  });

  it('reads image sizes from data URL headers without decoding', () => {
    const png = Buffer.alloc(33);
    png.writeUInt32BE(0x89504e47, 0);
    png.writeUInt32BE(640, 16);
    png.writeUInt32BE(480, 20);
    expect(dataUrlImageSize(`data:image/png;base64,${png.toString('base64')}`)).toEqual({ width: 640, height: 480 });
    const gif = Buffer.from('GIF89a\x20\x00\x10\x00', 'latin1');
    expect(dataUrlImageSize(`data:image/gif;base64,${Buffer.concat([gif, Buffer.alloc(4)]).toString('base64')}`)).toEqual({ width: 32, height: 16 });
    expect(dataUrlImageSize('https://example.com/a.png')).toBeUndefined();
  });

  it('counts string and list inputs', () => {
    expect(countTextInput('a b c', words)).toBe(3);
    expect(countTextInput(['a b', 'c'], words)).toBe(3);
    expect(countTextInput([1, 2, 3], words)).toBe(0);
  });
});
