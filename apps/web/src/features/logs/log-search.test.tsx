import { STORAGE_KEYS } from '@tollgate/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render-route';

const log = (id: number, content: string) => ({
  id, user_id: 2, created_at: 1_700_000_000 + id, type: 2, content, username: 'alice', token_name: 'key', model_name: 'gpt-4o',
  quota: 10, prompt_tokens: 1, completion_tokens: 1, channel: 3, request_id: '', elapsed_time: 0, is_stream: false, system_prompt_reset: false, other: '',
});

/** The list answers one log, either search another; every other call (the stat) answers {}. */
function answer(path: string): Response {
  const data = path.includes('/search?') ? [log(9, 'found by search')] : path.match(/^\/api\/log\/(self\/)?\?/) ? [log(1, 'listed log')] : {};
  return Response.json({ success: true, message: '', data });
}

const calledPaths = () => vi.mocked(fetch).mock.calls.map(([path]) => String(path));

function signInAs(role: number) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 2, username: 'alice', display_name: '', role, status: 1 }));
  vi.stubGlobal('fetch', vi.fn((path: string) => Promise.resolve(answer(path))));
}

async function search(keyword: string) {
  const box = (await screen.findByTestId('log-search', {}, { timeout: 5000 })).querySelector('input') as HTMLInputElement;
  fireEvent.change(box, { target: { value: keyword } });
  fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
}

describe('log search', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('searches an ordinary user’s own logs and goes back to the list when cleared', async () => {
    signInAs(1);
    renderRoute('/log');
    const table = await screen.findByTestId('log-table', {}, { timeout: 5000 });
    await waitFor(() => expect(table.textContent).toContain('listed log'));

    await search('  found  ');
    await waitFor(() => expect(table.textContent).toContain('found by search'));
    expect(table.textContent).not.toContain('listed log');
    expect(calledPaths()).toContain('/api/log/self/search?keyword=found');
    expect(calledPaths().some((path) => path.startsWith('/api/log/search'))).toBe(false);

    fireEvent.click(screen.getByTestId('log-search').querySelector('.ant-input-clear-icon') as HTMLElement);
    await waitFor(() => expect(table.textContent).toContain('listed log'));
    expect(table.textContent).not.toContain('found by search');
  });

  it('keeps the administrators’ search over every user’s logs', async () => {
    signInAs(10);
    renderRoute('/log');
    await search('found');
    await waitFor(() => expect(screen.getByTestId('log-table').textContent).toContain('found by search'));
    expect(calledPaths()).toContain('/api/log/search?keyword=found');
    expect(calledPaths().some((path) => path.startsWith('/api/log/self/search'))).toBe(false);
  });
});
