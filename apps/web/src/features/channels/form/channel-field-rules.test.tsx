import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n/i18n';
import { fieldError, fieldInput } from '@/test/field-error';
import { afterPendingWork } from '@/test/pending-work';
import { renderRoute } from '@/test/render-route';

const answers: Record<string, unknown> = { '/api/models': { 1: ['gpt-4o'] }, '/api/group/': ['default'] };
const writes = () => vi.mocked(fetch).mock.calls.filter(([path, init]) => path === '/api/channel/' && (init?.method === 'POST' || init?.method === 'PUT'));

/** Fills the new channel form (type OpenAI, its default models and the default group) and submits it. */
async function submitChannel(values: Record<string, string>) {
  renderRoute('/channel/add');
  await screen.findByTestId('channel-form', {}, { timeout: 5000 });
  for (const [name, value] of Object.entries(values)) fireEvent.change(fieldInput(name), { target: { value } });
  fireEvent.click(screen.getByTestId('channel-submit'));
}

describe('the channel form marks the field it refuses (issue 35)', () => {
  beforeEach(() => {
    localStorage.setItem('user', JSON.stringify({ id: 1, username: 'root', display_name: '', role: 100, status: 1 }));
    vi.stubGlobal('fetch', vi.fn((path: string) => Promise.resolve(Response.json({ success: true, message: '', data: answers[path] ?? {} }))));
  });

  afterEach(async () => {
    await i18n.changeLanguage('zh-CN');
    vi.unstubAllGlobals();
  });

  it('marks an empty name and key of a new channel and sends nothing', async () => {
    await submitChannel({});
    await waitFor(() => expect(fieldError('name')).toBe('名称不能为空'));
    expect(fieldError('key')).toBe('密钥不能为空');
    await afterPendingWork();
    expect(writes()).toHaveLength(0);
  }, 20_000);

  it('refuses a negative weight instead of sending 0, and a fractional priority', async () => {
    await submitChannel({ name: 'main', key: 'sk-1', weight: '-3', priority: '1.5' });
    await waitFor(() => expect(fieldError('weight')).toBe('权重不能小于 0'));
    expect(fieldError('priority')).toBe('优先级必须是整数');
    await afterPendingWork();
    expect(writes()).toHaveLength(0);
  }, 20_000);

  it('caps the name at the column’s 191 characters and marks an invalid model mapping', async () => {
    await submitChannel({ name: 'n'.repeat(192), key: 'sk-1', model_mapping: '{oops' });
    expect(fieldInput('name').maxLength).toBe(191);
    await waitFor(() => expect(fieldError('name')).toBe('名称最多 191 个字符'));
    expect(fieldError('model_mapping')).toBe('模型映射必须是合法的 JSON 格式！');
  }, 20_000);

  it('speaks English in the English console', async () => {
    await i18n.changeLanguage('en');
    await submitChannel({ name: 'main', key: 'sk-1', weight: '-1' });
    await waitFor(() => expect(fieldError('weight')).toBe('Weight must be at least 0'));
  }, 20_000);
});
