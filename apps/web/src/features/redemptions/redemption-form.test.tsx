import { STORAGE_KEYS } from '@tollgate/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n/i18n';
import { fieldError, fieldInput } from '@/test/field-error';
import { afterPendingWork } from '@/test/pending-work';
import { renderRoute } from '@/test/render-route';

const ok = (data: unknown) => Response.json({ success: true, message: '', data });
const posts = () => vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'POST');

/** Fills the new codes form and submits it; the name is valid unless given. */
async function submitCodes(values: Record<string, string>) {
  renderRoute('/redemption/add');
  await screen.findByTestId('redemption-form');
  for (const [name, value] of Object.entries({ name: 'promo', ...values })) fireEvent.change(fieldInput(name), { target: { value } });
  fireEvent.click(screen.getByTestId('redemption-submit'));
}

describe('the redemption form refuses what the server would (issue 35)', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 1, username: 'root', display_name: '', role: 100, status: 1 }));
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(ok([]))));
  });

  afterEach(async () => {
    await i18n.changeLanguage('zh-CN');
    vi.unstubAllGlobals();
  });

  it('marks an empty name and sends nothing', async () => {
    await submitCodes({ name: '' });
    await waitFor(() => expect(fieldError('name')).toBe('名称不能为空'));
    await afterPendingWork();
    expect(posts()).toHaveLength(0);
  });

  it('refuses a negative quota and a count of 0 instead of making one $0.00 code', async () => {
    await submitCodes({ quota: '-100000', count: '0' });
    await waitFor(() => expect(fieldError('quota')).toBe('额度不能小于 0'));
    expect(fieldError('count')).toBe('生成数量不能小于 1');
    expect(fieldInput('count').value).toBe('0');
    await afterPendingWork();
    expect(posts()).toHaveLength(0);
  });

  it('refuses more codes than the server makes at once, and an emptied count', async () => {
    await submitCodes({ count: '101', quota: '' });
    await waitFor(() => expect(fieldError('count')).toBe('生成数量不能大于 100'));
    expect(fieldError('quota')).toBe('额度不能为空');
  });

  it('caps the name at the server’s 20 characters and refuses a longer one', async () => {
    await submitCodes({ name: '码'.repeat(21) });
    expect(fieldInput('name').maxLength).toBe(20);
    await waitFor(() => expect(fieldError('name')).toBe('名称最多 20 个字符'));
    await afterPendingWork();
    expect(posts()).toHaveLength(0);
  });

  it('speaks English in the English console', async () => {
    await i18n.changeLanguage('en');
    await submitCodes({ count: '0' });
    await waitFor(() => expect(fieldError('count')).toBe('Number of codes must be at least 1'));
  });
});
