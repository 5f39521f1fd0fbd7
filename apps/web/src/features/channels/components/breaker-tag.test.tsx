import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/app/i18n/i18n';
import { BreakerTag } from './channel-tags';

const until = new Date(2026, 10, 25, 9, 5, 7).getTime() / 1000;

describe('BreakerTag', () => {
  afterEach(() => void i18n.changeLanguage('zh-CN'));

  it('says until when an open channel cools down, in Chinese and in English', async () => {
    render(<BreakerTag breaker={{ state: 'open', until }} />);
    expect(screen.getByTestId('channel-breaker').textContent).toBe('冷却中，直到 09:05:07');
    await i18n.changeLanguage('en');
    render(<BreakerTag breaker={{ state: 'open', until }} />);
    expect(screen.getAllByTestId('channel-breaker')[1]?.textContent).toBe('cooling down until 09:05:07');
  });

  it('shows a probing tag when half-open, and nothing when closed or unknown', () => {
    const { container, rerender } = render(<BreakerTag breaker={{ state: 'half-open', until: 0 }} />);
    expect(screen.getByTestId('channel-breaker').textContent).toBe('探测中');
    rerender(<BreakerTag breaker={{ state: 'closed', until: 0 }} />);
    expect(container.textContent).toBe('');
    rerender(<BreakerTag />);
    expect(container.textContent).toBe('');
  });
});
