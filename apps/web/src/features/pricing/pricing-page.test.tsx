import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { PricingView } from '@tollgate/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render-route';

const PRICING: PricingView = {
  group: 'vip',
  group_ratio: 0.8,
  models: [
    {
      model: 'claude-sonnet-4-5',
      input: 2.4,
      output: 12,
      cache_read: 0.24,
      tiers: [{ above_prompt_tokens: 200_000, input: 4.8, output: 18 }],
      origin: { kind: 'source', name: 'genai-prices 0.1.8', date: '2026-09-23' },
    },
    { model: 'dall-e-3', input: 0, output: 0, per_request: 0.032, tiers: [], origin: { kind: 'operator' } },
  ],
  unpriced: ['mystery-model'],
};

describe('pricing page', () => {
  let status: Record<string, unknown> = {};
  beforeEach(() => {
    status = {};
    localStorage.setItem('user', JSON.stringify({ id: 2, username: 'alice', display_name: '', role: 1, status: 1 }));
    const data = (path: string) => (path.startsWith('/api/pricing') ? PRICING : path.startsWith('/api/status') ? status : {});
    vi.stubGlobal('fetch', vi.fn((path: string) => Promise.resolve(Response.json({ success: true, message: '', data: data(path) }))));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists my prices per 1M tokens with the tiers, the price per call and the unpriced models, and filters by name', async () => {
    renderRoute('/pricing');
    expect((await screen.findByTestId('price-claude-sonnet-4-5-input', {}, { timeout: 5000 })).textContent).toBe('$2.40');
    expect(screen.getByTestId('price-claude-sonnet-4-5-output').textContent).toBe('$12.00');
    expect(screen.getByText('提示超过 200000：输入 $4.80，输出 $18.00')).toBeTruthy();
    expect(screen.getByTestId('price-dall-e-3-request').textContent).toBe('$0.032');
    expect(screen.getByText('未定价（无法调用）：mystery-model')).toBeTruthy();
    expect(screen.getByTestId('price-claude-sonnet-4-5-origin').textContent).toBe('genai-prices 0.1.8（2026-09-23）');
    expect(screen.getByTestId('price-dall-e-3-origin').textContent).toBe('管理员设置');
    expect(screen.queryByTestId('pricing-unpriced-channels')).toBeNull();

    fireEvent.change(screen.getByPlaceholderText('搜索模型名称'), { target: { value: 'DALL' } });
    await waitFor(() => expect(screen.queryByTestId('price-claude-sonnet-4-5-input')).toBeNull());
    expect(screen.getByTestId('price-dall-e-3-request')).toBeTruthy();
  });

  it('warns an administrator of the models channels list without a price', async () => {
    PRICING.unpriced_channel_models = [{ model: 'mystery-model', channels: ['vip', 'backup'] }];
    renderRoute('/pricing');
    expect((await screen.findByTestId('pricing-unpriced-channels', {}, { timeout: 5000 })).textContent).toContain('mystery-model（渠道：vip, backup）');
    delete PRICING.unpriced_channel_models;
  });

  it('shows the prices in the operator’s display currency', async () => {
    status = { display_currency: 'CNY', currency_exchange_rate: 7 };
    localStorage.setItem('status', JSON.stringify(status));
    renderRoute('/pricing');
    expect((await screen.findByTestId('price-claude-sonnet-4-5-input', {}, { timeout: 5000 })).textContent).toBe('¥16.80');
  });
});
