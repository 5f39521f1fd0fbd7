import { STORAGE_KEYS } from '@tollgate/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render-route';

const token = {
  id: 7, user_id: 1, key: 'abc123', status: 1, name: 'laptop', created_time: 1_700_000_000, accessed_time: 0,
  expired_time: -1, remain_quota: 500000, unlimited_quota: false, used_quota: 0, models: '', subnet: '',
};

/** Answers the token list with one token and the status toggle with the token disabled; anything else (the status) with {}. */
function answer(path: string): Response {
  if (path.startsWith('/api/token/?status_only=true')) return Response.json({ success: true, message: '', data: { ...token, status: 2 } });
  if (path.startsWith('/api/token/')) return Response.json({ success: true, message: '', data: [token] });
  return Response.json({ success: true, message: '', data: {} });
}

describe('TokenListPage', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 1, username: 'alice', display_name: '', role: 1, status: 1 }));
    vi.stubGlobal('fetch', vi.fn((path: string) => Promise.resolve(answer(path))));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('puts the key into the search box when the clipboard refuses it', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderRoute('/token');
    fireEvent.click(await screen.findByTestId('token-7-copy'));
    await waitFor(() => expect(screen.getByTestId('token-search').querySelector('input')?.value).toBe('sk-abc123'));
  });

  it('toggles the status with a status-only PUT and shows the answer', async () => {
    renderRoute('/token');
    fireEvent.click(await screen.findByTestId('token-7-toggle'));
    await waitFor(() => expect(screen.getByTestId('token-table').textContent).toContain('已禁用'));
    const put = vi.mocked(fetch).mock.calls.find(([path]) => String(path).includes('status_only'));
    expect(put?.[1]).toMatchObject({ method: 'PUT', body: JSON.stringify({ id: 7, status: 2 }) });
  });
});
