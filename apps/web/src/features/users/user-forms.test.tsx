import { STORAGE_KEYS } from '@tollgate/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n/i18n';
import { fieldError, fieldInput } from '@/test/field-error';
import { afterPendingWork } from '@/test/pending-work';
import { renderRoute } from '@/test/render-route';

const user = {
  id: 3, username: 'bob', display_name: '', role: 1, status: 1, email: '', github_id: '', wechat_id: '', lark_id: '', oidc_id: '',
  quota: 1000, used_quota: 0, request_count: 0, group: 'default', aff_code: '', inviter_id: 0, rpm_limit: 0, tpm_limit: 0, concurrency_limit: 0,
};
const ok = (data: unknown) => Response.json({ success: true, message: '', data });
const writes = () => vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'POST' || init?.method === 'PUT');

function answer(path: string): Response {
  if (path === '/api/user/3') return ok(user);
  if (path.endsWith('/limits')) return ok({ requests: { limit: 0, used: 0 }, tokens: { limit: 0, used: 0 }, concurrency: { limit: 0, used: 0 } });
  return ok([]);
}

async function submit(route: string, testId: string, values: Record<string, string>) {
  renderRoute(route);
  await screen.findByTestId(`${testId}-form`);
  for (const [name, value] of Object.entries(values)) fireEvent.change(fieldInput(name), { target: { value } });
  fireEvent.click(screen.getByTestId(`${testId}-submit`));
}

describe('the admin user forms refuse what the server would (issue 35)', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 1, username: 'root', display_name: '', role: 100, status: 1 }));
    vi.stubGlobal('fetch', vi.fn((path: string) => Promise.resolve(answer(path))));
  });

  afterEach(async () => {
    await i18n.changeLanguage('zh-CN');
    vi.unstubAllGlobals();
  });

  it('marks an empty username and password on the add form and sends nothing', async () => {
    await submit('/user/add', 'user-add', {});
    await waitFor(() => expect(fieldError('username')).toBe('用户名不能为空'));
    expect(fieldError('password')).toBe('密码不能为空');
    await afterPendingWork();
    expect(writes()).toHaveLength(0);
  });

  it('caps the username at 12 characters and refuses a short password', async () => {
    await submit('/user/add', 'user-add', { username: 'u'.repeat(13), password: 'short' });
    expect(fieldInput('username').maxLength).toBe(12);
    await waitFor(() => expect(fieldError('username')).toBe('用户名最多 12 个字符'));
    expect(fieldError('password')).toBe('密码至少 8 个字符');
    await afterPendingWork();
    expect(writes()).toHaveLength(0);
  });

  it('refuses a negative quota on the edit form instead of saving it', async () => {
    await submit('/user/edit/3', 'user-edit', { quota: '-999' });
    await waitFor(() => expect(fieldError('quota')).toBe('剩余额度不能小于 0'));
    await afterPendingWork();
    expect(writes()).toHaveLength(0);
  });

  it('marks an emptied username on the edit form, in English in the English console', async () => {
    await i18n.changeLanguage('en');
    await submit('/user/edit/3', 'user-edit', { username: '', quota: '1.5' });
    await waitFor(() => expect(fieldError('username')).toBe('Username must not be empty'));
    expect(fieldError('quota')).toBe('Remaining quota must be a whole number');
  });
});

describe('the profile form refuses what the server would (issue 35)', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 3, username: 'bob', display_name: '', role: 1, status: 1 }));
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string, init?: RequestInit) => {
        if (path === '/api/user/self' && init?.method === 'PUT') {
          return Promise.resolve(Response.json({ success: false, message: '用户名已存在', field: 'username' }, { status: 400 }));
        }
        return Promise.resolve(path === '/api/user/self' ? ok(user) : ok([]));
      }),
    );
  });

  afterEach(async () => {
    await i18n.changeLanguage('zh-CN');
    vi.unstubAllGlobals();
  });

  it('marks an emptied username and a short password, caps the lengths, and sends nothing', async () => {
    await submit('/user/edit', 'self-edit', { username: '', password: 'short' });
    await waitFor(() => expect(fieldError('username')).toBe('用户名不能为空'));
    expect(fieldError('password')).toBe('密码至少 8 个字符');
    expect(fieldInput('username').maxLength).toBe(12);
    expect(fieldInput('display_name').maxLength).toBe(20);
    await afterPendingWork();
    expect(writes()).toHaveLength(0);
  });

  it('marks the field the server refused', async () => {
    await submit('/user/edit', 'self-edit', { username: 'alice' });
    await waitFor(() => expect(fieldError('username')).toBe('用户名已存在'));
    expect(writes()).toHaveLength(1);
  });
});

describe('the profile of an account named by GitHub sign-in', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 3, username: 'github_1234567', display_name: '', role: 1, status: 1 }));
    vi.stubGlobal('fetch', vi.fn((path: string) => Promise.resolve(path === '/api/user/self' ? ok({ ...user, username: 'github_1234567' }) : ok([]))));
  });

  afterEach(() => vi.unstubAllGlobals());

  it('saves a new display name under the stored name longer than a chosen one may be, and holds a changed name to 12', async () => {
    await submit('/user/edit', 'self-edit', { display_name: 'Bob' });
    await waitFor(() => expect(writes()).toHaveLength(1));
    fireEvent.change(fieldInput('username'), { target: { value: 'github_1234568' } });
    fireEvent.click(screen.getByTestId('self-edit-submit'));
    await waitFor(() => expect(fieldError('username')).toBe('用户名最多 12 个字符'));
    await afterPendingWork();
    expect(writes()).toHaveLength(1);
  });
});
