import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PriceSourceInfo, PriceSourcePreview } from '@tollgate/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PriceSourceSection } from './price-source-section';

const BUNDLED: PriceSourceInfo = { name: 'genai-prices 0.1.8', date: '2026-09-23', models: 1694, refresh_hours: 0, source_url: 'https://example.com/data.json' };
const SHA = 'ab'.repeat(32);
const PREVIEW: PriceSourcePreview = {
  sha256: SHA,
  url: 'https://example.com/data.json',
  fetched_at: 1_795_000_000,
  name: 'genai-prices data.json',
  date: '2026-11-28',
  models: 1695,
  diff: {
    counts: { added: 1, changed: 1, removed: 3 },
    added: [{ provider: 'openai', model: 'tollgate-new-model', prices: { input_mtok: 4, output_mtok: 8 } }],
    changed: [{ provider: 'anthropic', model: 'claude-sonnet-4-5', changes: [{ kind: 'input_mtok', from: { base: 3, tiers: [{ start: 200_000, price: 6 }] }, to: 2.5 }] }],
    removed: [{ provider: 'mistral', model: 'old-model' }],
  },
};
const APPLIED: PriceSourceInfo = { ...BUNDLED, name: 'genai-prices data.json', date: '2026-11-28', url: PREVIEW.url, fetched_at: PREVIEW.fetched_at, sha256: SHA, models: 1695 };

/** The server's answers by path; `preview` is what the next check for updates gets. */
let preview: { success: boolean; message: string; data?: PriceSourcePreview };
const calls = (path: string) => vi.mocked(fetch).mock.calls.filter(([called]) => called === path);

function renderSection(role = 100) {
  localStorage.setItem('user', JSON.stringify({ id: 1, username: 'root', display_name: '', role, status: 1 }));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PriceSourceSection options={{ PriceSourceRefreshHours: '0' }} />
    </QueryClientProvider>,
  );
}

describe('PriceSourceSection', () => {
  beforeEach(() => {
    preview = { success: true, message: '', data: PREVIEW };
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string) => {
        const answer =
          path === '/api/prices/source'
            ? { success: true, message: '', data: BUNDLED }
            : path === '/api/prices/source/preview'
              ? preview
              : path === '/api/prices/source/apply'
                ? { success: true, message: '', data: APPLIED }
                : { success: true, message: '' };
        return Promise.resolve(Response.json(answer));
      }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the data in force: its name, date and models, and that it came with the release', async () => {
    renderSection();
    const info = await screen.findByTestId('price-source-info');
    expect(info.textContent).toContain('genai-prices 0.1.8 (2026-09-23)');
    expect(info.textContent).toContain('1694');
    expect(info.textContent).toContain('随当前版本发布');
  });

  it('is root’s alone', () => {
    renderSection(10);
    expect(screen.queryByTestId('price-source')).toBeNull();
    expect(calls('/api/prices/source')).toHaveLength(0);
  });

  it('shows a refused file with the server’s words, and opens no dialog', async () => {
    preview = { success: false, message: '价格来源 https://example.com/data.json 的文件未通过校验，未应用其中任何内容：[3].models[4].prices.input_mtok: Too small' };
    renderSection();
    fireEvent.click(await screen.findByTestId('price-source-check'));
    expect((await screen.findByTestId('price-source-problem')).textContent).toContain('[3].models[4].prices.input_mtok: Too small');
    expect(screen.queryByTestId('price-source-diff')).toBeNull();
  });

  it('lists what the file changes, old → new, and applies the previewed file by its hash', async () => {
    renderSection();
    fireEvent.click(await screen.findByTestId('price-source-check'));
    expect((await screen.findByTestId('price-source-summary')).textContent).toBe('新增 1 个模型，价格变化 1 个，移除 3 个（单位：美元 / 每百万 tokens）');
    const diff = screen.getByTestId('price-source-diff');
    expect(within(diff).getByText(/openai\/tollgate-new-model/).textContent).toContain('输入 $4, 输出 $8');
    expect(within(diff).getByText(/anthropic\/claude-sonnet-4-5/).textContent).toContain('输入 $3 (>200K $6) → $2.5');
    expect(diff.textContent).toContain('mistral/old-model');
    expect(diff.textContent).toContain('…… 另有 2 个');

    fireEvent.click(screen.getByTestId('price-source-apply'));
    await waitFor(() => expect(calls('/api/prices/source/apply')).toHaveLength(1));
    expect(calls('/api/prices/source/apply')[0]?.[1]?.body).toBe(JSON.stringify({ sha256: SHA }));
    await waitFor(() => expect(screen.getByTestId('price-source-info').textContent).toContain('genai-prices data.json (2026-11-28)'));
    expect(screen.getByTestId('price-source-info').textContent).toContain('https://example.com/data.json');
  });

  it('cancels without applying, and can check again', async () => {
    renderSection();
    fireEvent.click(await screen.findByTestId('price-source-check'));
    fireEvent.click(await screen.findByTestId('price-source-cancel'));
    await waitFor(() => expect(screen.queryByTestId('price-source-summary')).toBeNull());
    fireEvent.click(screen.getByTestId('price-source-check'));
    await waitFor(() => expect(calls('/api/prices/source/preview')).toHaveLength(2));
    expect(calls('/api/prices/source/apply')).toHaveLength(0);
    expect(screen.getByTestId('price-source-info').textContent).toContain('genai-prices 0.1.8 (2026-09-23)');
  });

  it('saves the scheduled refresh’s hours as the option', async () => {
    renderSection();
    const hours = await screen.findByTestId('option-PriceSourceRefreshHours');
    fireEvent.change(hours, { target: { value: '24' } });
    fireEvent.click(screen.getByTestId('save-PriceSourceRefreshHours'));
    await waitFor(() => expect(calls('/api/option/')).toHaveLength(1));
    expect(calls('/api/option/')[0]?.[1]?.body).toBe('{"key":"PriceSourceRefreshHours","value":"24"}');
  });
});
