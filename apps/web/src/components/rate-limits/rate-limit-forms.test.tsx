import { STORAGE_KEYS } from '@tollgate/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render-route';

const token = {
  id: 7, user_id: 1, key: 'abc123', status: 1, name: 'laptop', created_time: 1_700_000_000, accessed_time: 0, expired_time: -1,
  remain_quota: 500000, unlimited_quota: false, used_quota: 0, models: '', subnet: '', rpm_limit: 60, tpm_limit: 0, concurrency_limit: 2,
};
const user = {
  id: 3, username: 'bob', display_name: '', role: 1, status: 1, email: '', github_id: '', wechat_id: '', lark_id: '', oidc_id: '',
  quota: 1000, used_quota: 0, request_count: 0, group: 'default', aff_code: '', inviter_id: 0, rpm_limit: 0, tpm_limit: 50_000, concurrency_limit: 0,
};
const usage = { requests: { limit: 60, used: 12 }, tokens: { limit: 0, used: 340 }, concurrency: { limit: 2, used: 1 } };

const ok = (data: unknown) => Response.json({ success: true, message: '', data });

/** The server of these forms: the loaded key or user, the use of its limits, and saves that succeed. */
function answer(path: string, init?: RequestInit): Response {
  if (init?.method === 'PUT') return ok(path.startsWith('/api/token') ? token : undefined);
  if (path.endsWith('/limits')) return ok(usage);
  if (path === '/api/token/7') return ok(token);
  if (path === '/api/user/3') return ok(user);
  if (path === '/api/user/available_models' || path === '/api/group/') return ok([]);
  return ok({});
}

const putBody = () => {
  const put = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'PUT');
  return JSON.parse(String(put?.[1]?.body)) as Record<string, unknown>;
};

/** antd may put the test id on the input or on its wrapper. */
const inputOf = (element: HTMLElement) => (element.querySelector('input') ?? element) as HTMLInputElement;

function signIn(role: number) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 1, username: 'root', display_name: '', role, status: 1 }));
  vi.stubGlobal('fetch', vi.fn((path: string, init?: RequestInit) => Promise.resolve(answer(path, init))));
}

describe('the rate limit fields of the key and user forms', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows a key’s limits with their use now and saves an edited one', async () => {
    signIn(1);
    renderRoute('/token/edit/7');
    expect(inputOf(await screen.findByTestId('rpm_limit')).value).toBe('60');
    await waitFor(() => expect(screen.getByTestId('rpm_limit-usage').textContent).toContain('当前：已用 12 / 60'));
    expect(screen.getByTestId('tpm_limit-usage').textContent).toBe('0 表示不限制 · 当前：已用 340（不限制）');
    fireEvent.change(inputOf(screen.getByTestId('tpm_limit')), { target: { value: '1000' } });
    fireEvent.click(screen.getByTestId('token-submit'));
    await waitFor(() => expect(putBody()).toMatchObject({ id: 7, rpm_limit: 60, tpm_limit: 1000, concurrency_limit: 2 }));
  });

  it('lets an admin set a user’s limits, an emptied one sent as 0', async () => {
    signIn(100);
    renderRoute('/user/edit/3');
    const tpm = inputOf(await screen.findByTestId('tpm_limit'));
    expect(tpm.value).toBe('50000');
    fireEvent.change(tpm, { target: { value: '' } });
    fireEvent.change(inputOf(screen.getByTestId('rpm_limit')), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('user-edit-submit'));
    await waitFor(() => expect(putBody()).toMatchObject({ id: 3, rpm_limit: 30, tpm_limit: 0, concurrency_limit: 0 }));
    expect(screen.getByTestId('concurrency_limit-usage').textContent).toContain('当前：已用 1 / 2');
  });
});
