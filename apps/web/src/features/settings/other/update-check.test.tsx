import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpdateCheck } from './update-check';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UpdateCheck', () => {
  it('says there is no update information when the build names no repository, and asks nobody', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<UpdateCheck repository="" />);
    fireEvent.click(screen.getByTestId('check-update'));
    expect(await screen.findByText('没有更新信息：此版本未指定发布仓库')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the latest release of the repository the build names', async () => {
    const fetch = vi.fn(() => Promise.resolve(Response.json({ tag_name: 'v9.9.9', body: 'new things', html_url: 'https://github.com/owner/name/releases/v9.9.9' })));
    vi.stubGlobal('fetch', fetch);
    render(<UpdateCheck repository="https://github.com/owner/name" />);
    fireEvent.click(screen.getByTestId('check-update'));
    expect(await screen.findByText('new things')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('https://api.github.com/repos/owner/name/releases/latest', expect.anything());
  });
});
