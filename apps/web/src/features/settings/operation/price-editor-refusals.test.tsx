import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n/i18n';
import { fieldError, fieldInput } from '@/test/field-error';
import { afterPendingWork } from '@/test/pending-work';
import { renderRoute } from '@/test/render-route';

const OPTIONS = { QuotaPerUnit: '500000', ModelRatio: '{}', CompletionRatio: '{}', GroupRatio: '{"default":1}', GroupRateLimits: '{}' };
const puts = () => vi.mocked(fetch).mock.calls.filter(([path, init]) => path === '/api/option/' && init?.method === 'PUT');
const RATIO_SAVE = 'save-ModelRatio-CompletionRatio-GroupRatio-DefaultModelRatio';

async function openOperationTab(): Promise<void> {
  renderRoute('/setting');
  fireEvent.click(await screen.findByText(i18n.language === 'en' ? 'Operation settings' : '运营设置', {}, { timeout: 5000 }));
}

describe('the price editors refuse a row that is not a price, naming it (issue 35)', () => {
  beforeEach(() => {
    localStorage.setItem('user', JSON.stringify({ id: 1, username: 'root', display_name: '', role: 100, status: 1 }));
    const data = Object.entries(OPTIONS).map(([key, value]) => ({ key, value }));
    vi.stubGlobal('fetch', vi.fn((path: string) => Promise.resolve(Response.json({ success: true, message: '', data: path === '/api/option/' ? data : {} }))));
  });

  afterEach(async () => {
    await i18n.changeLanguage('zh-CN');
    vi.unstubAllGlobals();
  });

  it('names the model of a ratio that is not a number, as typed, and saves nothing', async () => {
    await openOperationTab();
    fireEvent.change(await screen.findByTestId('option-ModelRatio'), { target: { value: '{"fail-500": "abc"}' } });
    fireEvent.click(screen.getByTestId(RATIO_SAVE));
    await waitFor(() => expect(fieldError('ModelRatio')).toBe('模型倍率中 fail-500 的值必须是不小于 0 的数字，当前为 "abc"'));
    await afterPendingWork();
    expect(puts()).toHaveLength(0);
  }, 20_000);

  it('refuses a negative completion ratio in English in the English console', async () => {
    await i18n.changeLanguage('en');
    await openOperationTab();
    fireEvent.change(await screen.findByTestId('option-CompletionRatio'), { target: { value: '{"gpt-4o": -4}' } });
    fireEvent.click(screen.getByTestId(RATIO_SAVE));
    await waitFor(() => expect(fieldError('CompletionRatio')).toBe('Completion ratio: the value of gpt-4o must be a number of 0 or more, not -4'));
    expect(puts()).toHaveLength(0);
  }, 20_000);

  it('marks an empty model and a price that is not a number in the money editor', async () => {
    await openOperationTab();
    await screen.findByTestId('money-save');
    fireEvent.change(fieldInput('input'), { target: { value: 'abc' } });
    fireEvent.change(fieldInput('output'), { target: { value: '-1' } });
    fireEvent.click(screen.getByTestId('money-save'));
    await waitFor(() => expect(fieldError('model')).toBe('模型不能为空'));
    expect(fieldError('input')).toBe('输入必须是数字');
    expect(fieldError('output')).toBe('输出不能小于 0');
    await afterPendingWork();
    expect(puts()).toHaveLength(0);
  }, 20_000);
});
