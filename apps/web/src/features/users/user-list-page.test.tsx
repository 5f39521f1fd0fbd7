import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render-route';

const user = (id: number, username: string, quota: number, role = 1) => ({
  id,
  username,
  display_name: '',
  role,
  status: 1,
  email: '',
  github_id: '',
  wechat_id: '',
  lark_id: '',
  oidc_id: '',
  quota,
  used_quota: 0,
  request_count: 0,
  group: 'default',
  aff_code: '',
  inviter_id: 0,
});

const USERS = [user(2, 'bob', 300), user(3, 'carol', 100), user(1, 'root', 200, 100)];

const calls = (prefix: string) => vi.mocked(fetch).mock.calls.filter(([path]) => String(path).startsWith(prefix));

/** Clicks a column header (antd renders its title twice: the header and a measuring copy). */
const clickHeader = (title: string) => {
  const [header] = within(screen.getByTestId('user-table')).getAllByText(title);
  if (!header) throw new Error(`no header ${title}`);
  fireEvent.click(header);
};

/** The usernames in table order. */
const shownNames = () => within(screen.getByTestId('user-table')).getAllByTestId('user-name').map((cell) => cell.textContent);

describe('UserListPage', () => {
  beforeEach(() => {
    localStorage.setItem('user', JSON.stringify({ id: 1, username: 'root', display_name: '', role: 100, status: 1 }));
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string) => Promise.resolve(Response.json({ success: true, message: '', data: path.startsWith('/api/user/') ? USERS : {} }))),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sorts the loaded rows locally by a clicked header and toggles the direction', async () => {
    renderRoute('/user');
    await screen.findByTestId('user-table', {}, { timeout: 5000 });
    await waitFor(() => expect(shownNames()).toEqual(['bob', 'carol', 'root']));
    const listCalls = calls('/api/user/?').length;

    clickHeader('统计信息');
    expect(shownNames()).toEqual(['carol', 'root', 'bob']);
    clickHeader('统计信息');
    expect(shownNames()).toEqual(['bob', 'root', 'carol']);
    clickHeader('统计信息');
    expect(shownNames()).toEqual(['carol', 'root', 'bob']);
    clickHeader('ID');
    expect(shownNames()).toEqual(['root', 'bob', 'carol']);
    // Sorting never asks the server again.
    expect(calls('/api/user/?')).toHaveLength(listCalls);
  });

  it('disables the manage buttons of the super administrator row only', async () => {
    renderRoute('/user');
    await waitFor(() => expect(shownNames()).toHaveLength(3));
    const promote = screen.getAllByTestId('user-promote');
    expect(promote.map((button) => (button as HTMLButtonElement).disabled)).toEqual([false, false, true]);
  });

  it('asks the server for the chosen order from page 0', async () => {
    renderRoute('/user');
    await screen.findByTestId('user-table', {}, { timeout: 5000 });
    await waitFor(() => expect(calls('/api/user/?')[0]?.[0]).toBe('/api/user/?p=0&order='));
  });
});
