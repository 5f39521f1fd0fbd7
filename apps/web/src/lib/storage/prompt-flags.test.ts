import { describe, expect, it } from 'vitest';
import { setPromptShown, shouldShowPrompt } from './prompt-flags';

describe('prompt flags', () => {
  it('shows a hint until it is dismissed, under the prompt- key', () => {
    expect(shouldShowPrompt('channel-test')).toBe(true);
    setPromptShown('channel-test');
    expect(localStorage.getItem('prompt-channel-test')).toBe('true');
    expect(shouldShowPrompt('channel-test')).toBe(false);
    expect(shouldShowPrompt('other')).toBe(true);
  });
});
