import { STORAGE_KEYS } from '@tollgate/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render-route';

const token = {
  id: 7, user_id: 1, key: 'abc123', status: 1, name: 'laptop', created_time: 1_700_000_000, accessed_time: 0, expired_time: -1,
  remain_quota: 500000, unlimited_quota: false, used_quota: 0, models: '', subnet: '', rpm_limit: 0, tpm_limit: 0, concurrency_limit: 0,
  budget_amount: 2_500_000, budget_period: 'day',
};
const user = {
  id: 3, username: 'bob', display_name: '', role: 1, status: 1, email: '', github_id: '', wechat_id: '', lark_id: '', oidc_id: '',
  quota: 1000, used_quota: 0, request_count: 0, group: 'vip', aff_code: '', inviter_id: 0, rpm_limit: 0, tpm_limit: 0, concurrency_limit: 0,
  budget_amount: 0, budget_period: '',
};
const none = { limit: 0, used: 0 };
const status = (budget: Record<string, unknown>) => ({ requests: none, tokens: none, concurrency: none, budget });
const keyBudget = { amount: 2_500_000, period: 'day', source: 'key', spent: 1_250_000, period_start: Date.UTC(2026, 10, 29), refills_at: Date.UTC(2026, 10, 30), time_zone: 'UTC' };
const groupBudget = { amount: 5_000_000, period: 'month', source: 'group', spent: 0, period_start: Date.UTC(2026, 10, 1), refills_at: Date.UTC(2026, 11, 1), time_zone: 'Asia/Shanghai' };

const ok = (data: unknown) => Response.json({ success: true, message: '', data });

/** The server of these forms: the loaded key or user, its budget's spend, and saves that succeed. */
function answer(path: string, init?: RequestInit): Response {
  if (init?.method === 'PUT') return ok(path.startsWith('/api/token') ? token : undefined);
  if (path === '/api/token/7/limits') return ok(status(keyBudget));
  if (path === '/api/user/3/limits') return ok(status(groupBudget));
  if (path === '/api/token/7') return ok(token);
  if (path === '/api/user/3') return ok(user);
  if (path === '/api/user/available_models' || path === '/api/group/') return ok([]);
  return ok({});
}

const putBody = () => {
  const put = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'PUT');
  return JSON.parse(String(put?.[1]?.body)) as Record<string, unknown>;
};

const inputOf = (element: HTMLElement) => (element.querySelector('input') ?? element) as HTMLInputElement;

function signIn(role: number) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 1, username: 'root', display_name: '', role, status: 1 }));
  vi.stubGlobal('fetch', vi.fn((path: string, init?: RequestInit) => Promise.resolve(answer(path, init))));
}

describe('the budget fields of the key and user forms', () => {
  beforeEach(() => {
    // The status call's display settings: dollars, 500000 quota units each.
    localStorage.setItem(STORAGE_KEYS.quotaPerUnit, '500000');
    localStorage.setItem(STORAGE_KEYS.displayInCurrency, 'true');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('shows a key’s budget in dollars with its spend, and saves an edited amount as quota units', async () => {
    signIn(1);
    renderRoute('/token/edit/7');
    expect(inputOf(await screen.findByTestId('budget_amount')).value).toBe('5');
    await waitFor(() => expect(screen.getByTestId('budget-spent').textContent).toMatch(/^本周期已花费 \$2\.50 \/ \$5\.00，.+ 恢复$/));
    fireEvent.change(inputOf(screen.getByTestId('budget_amount')), { target: { value: '7.5' } });
    fireEvent.click(screen.getByTestId('token-submit'));
    await waitFor(() => expect(putBody()).toMatchObject({ id: 7, budget_amount: 3_750_000, budget_period: 'day' }));
  });

  it('shows a user on the group’s default budget, and refuses an amount without a period', async () => {
    signIn(100);
    renderRoute('/user/edit/3');
    await waitFor(() => expect(screen.getByTestId('budget-spent').textContent).toContain('（分组 vip 的默认预算）'));
    fireEvent.change(inputOf(screen.getByTestId('budget_amount')), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('user-edit-submit'));
    expect(await screen.findByText('设置了预算金额时请选择预算周期')).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
