import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/app/i18n/i18n';
import { LOG_TYPES, LogTypeTag } from './log-type-tag';
import { ChannelChainTag, StatusTag } from './log-other-tags';

describe("an error log's tags", () => {
  afterEach(() => void i18n.changeLanguage('zh-CN'));

  it('name the type, the status and the channel chain in Chinese and in English', async () => {
    const tags = () => (
      <>
        <LogTypeTag type={6} />
        <StatusTag status={502} />
        <ChannelChainTag channels={[4, 9]} />
        <span data-testid="none">
          <ChannelChainTag channels={[]} />
        </span>
      </>
    );
    const { unmount } = render(tags());
    expect(screen.getByText('错误')).toBeTruthy();
    expect(screen.getByTestId('log-status').textContent).toBe('HTTP 502');
    expect(screen.getAllByTestId('log-channels').map((tag) => tag.textContent)).toEqual(['渠道 #4 → #9', '未调用渠道']);
    unmount();

    await i18n.changeLanguage('en');
    render(tags());
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.getAllByTestId('log-channels').map((tag) => tag.textContent)).toEqual(['channels #4 → #9', 'no channel called']);
  });

  it('offer Error in the type filter', () => {
    expect(LOG_TYPES.map((entry) => entry.text)).toContain('error');
  });
});
