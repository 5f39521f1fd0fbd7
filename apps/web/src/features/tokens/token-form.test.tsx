import { STORAGE_KEYS } from '@tollgate/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n/i18n';
import { fieldError, fieldInput } from '@/test/field-error';
import { afterPendingWork } from '@/test/pending-work';
import { renderRoute } from '@/test/render-route';

const ok = (data: unknown) => Response.json({ success: true, message: '', data });
const posts = () => vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'POST');

/** Fills the new key form and submits it; the name is valid unless given. */
async function submitToken(values: Record<string, string>) {
  renderRoute('/token/add');
  await screen.findByTestId('token-form');
  for (const [name, value] of Object.entries({ name: 'laptop', ...values })) fireEvent.change(fieldInput(name), { target: { value } });
  fireEvent.click(screen.getByTestId('token-submit'));
}

describe('the key form refuses what the server would (issue 35)', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 1, username: 'alice', display_name: '', role: 1, status: 1 }));
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(ok([]))));
  });

  afterEach(async () => {
    await i18n.changeLanguage('zh-CN');
    vi.unstubAllGlobals();
  });

  it('marks an empty name and sends nothing', async () => {
    await submitToken({ name: '  ' });
    await waitFor(() => expect(fieldError('name')).toBe('名称不能为空'));
    await afterPendingWork();
    expect(posts()).toHaveLength(0);
  });

  it('refuses a negative quota instead of sending 0', async () => {
    await submitToken({ remain_quota: '-5000' });
    await waitFor(() => expect(fieldError('remain_quota')).toBe('额度不能小于 0'));
    expect(fieldInput('remain_quota').value).toBe('-5000');
    await afterPendingWork();
    expect(posts()).toHaveLength(0);
  });

  it('refuses a negative or fractional rate limit', async () => {
    await submitToken({ rpm_limit: '-3', concurrency_limit: '1.5' });
    await waitFor(() => expect(fieldError('rpm_limit')).toBe('每分钟请求数 (RPM)不能小于 0'));
    expect(fieldError('concurrency_limit')).toBe('并发请求数必须是整数');
    await afterPendingWork();
    expect(posts()).toHaveLength(0);
  });

  it('caps the name at the server’s 30 characters and refuses a longer one', async () => {
    await submitToken({ name: 'x'.repeat(31) });
    expect(fieldInput('name').maxLength).toBe(30);
    await waitFor(() => expect(fieldError('name')).toBe('名称最多 30 个字符'));
    await afterPendingWork();
    expect(posts()).toHaveLength(0);
  });

  it('speaks English in the English console', async () => {
    await i18n.changeLanguage('en');
    await submitToken({ name: '', remain_quota: '-1' });
    await waitFor(() => expect(fieldError('name')).toBe('Name must not be empty'));
    expect(fieldError('remain_quota')).toBe('Quota must be at least 0');
  });

  it('marks the field the server refused', async () => {
    vi.mocked(fetch).mockImplementation((_path, init) =>
      Promise.resolve(init?.method === 'POST' ? Response.json({ success: false, message: '额度超出范围', field: 'remain_quota' }, { status: 400 }) : ok([])),
    );
    await submitToken({});
    await waitFor(() => expect(fieldError('remain_quota')).toBe('额度超出范围'));
  });
});
