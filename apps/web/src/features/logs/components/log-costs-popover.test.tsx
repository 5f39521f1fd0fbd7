import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/app/i18n/i18n';
import { costBreakdown } from '../log-costs';
import { LogCostsPopover } from './log-costs-popover';

const QUOTA_PER_UNIT = 500_000;
const image = costBreakdown(
  JSON.stringify({ group_ratio: 0.5, image_size: '1024x1792', image_quality: 'hd', size_ratio: 3, costs: [{ kind: 'image', tokens: 2, ratio: 60_000, quota: 60_000 }] }),
  QUOTA_PER_UNIT,
)!;
const speech = costBreakdown(JSON.stringify({ group_ratio: 1, costs: [{ kind: 'character', tokens: 11, ratio: 7.5, quota: 82.5 }] }), QUOTA_PER_UNIT)!;
const transcript = costBreakdown(
  JSON.stringify({ price_origin: { kind: 'source', name: 'genai-prices 0.1.8', date: '2026-09-23' }, costs: [{ kind: 'transcript', tokens: 4, ratio: 15, quota: 60 }] }),
  QUOTA_PER_UNIT,
)!;

/** Opens each breakdown's popover and reads its lines by test id. */
function openLines(): Record<string, string> {
  render(
    <>
      <LogCostsPopover breakdown={image} />
      <LogCostsPopover breakdown={speech} />
      <LogCostsPopover breakdown={transcript} />
    </>,
  );
  for (const tag of screen.getAllByTestId('log-costs')) fireEvent.click(tag);
  const ids = ['log-cost-image', 'log-cost-image-size', 'log-cost-character', 'log-cost-transcript', 'log-cost-origin'];
  return Object.fromEntries(ids.map((id) => [id, screen.getByTestId(id).textContent ?? '']));
}

describe('LogCostsPopover for images and audio, with the price’s origin', () => {
  afterEach(() => void i18n.changeLanguage('zh-CN'));

  it('names images, speech characters, transcript tokens and where the price came from in Chinese', () => {
    expect(openLines()).toEqual({
      'log-cost-image': '图片 2 张 × 每张 $0.12 = $0.120000',
      'log-cost-character': '语音合成 11 个字符 × $15.00 / 1M 字符 = $0.000165',
      'log-cost-transcript': '转录文本 4 tokens × $30.00 / 1M = $0.000120',
      'log-cost-image-size': '尺寸 1024x1792，质量 hd，尺寸倍率 3',
      'log-cost-origin': '价格来源：genai-prices 0.1.8（2026-09-23）',
    });
  });

  it('and in English', async () => {
    await i18n.changeLanguage('en');
    expect(openLines()).toEqual({
      'log-cost-image': 'images 2 × $0.12 each = $0.120000',
      'log-cost-character': 'speech 11 characters × $15.00 / 1M characters = $0.000165',
      'log-cost-transcript': 'transcript 4 tokens × $30.00 / 1M = $0.000120',
      'log-cost-image-size': 'size 1024x1792, quality hd, size ratio 3',
      'log-cost-origin': 'price from genai-prices 0.1.8 (2026-09-23)',
    });
  });
});

describe('LogCostsPopover with the row’s charge', () => {
  it('shows the lines, the rounding to whole points and the charge, which add up', async () => {
    await i18n.changeLanguage('en');
    const other = JSON.stringify({ costs: [{ kind: 'input', tokens: 14, ratio: 0.075, quota: 1.05 }, { kind: 'output', tokens: 31, ratio: 0.3, quota: 9.3 }] });
    render(<LogCostsPopover breakdown={costBreakdown(other, QUOTA_PER_UNIT, { currency: 'CNY', rate: 7 }, 11)!} />);
    fireEvent.click(screen.getByTestId('log-costs'));
    expect(screen.getByTestId('log-cost-input').textContent).toBe('input 14 tokens × ¥1.05 / 1M = ¥0.0000147');
    expect(screen.getByTestId('log-cost-output').textContent).toBe('output 31 tokens × ¥4.20 / 1M = ¥0.0001302');
    expect(screen.getByTestId('log-cost-rounding').textContent).toBe('rounded to whole quota points ¥0.0000091');
    expect(screen.getByTestId('log-cost-total').textContent).toBe('charged ¥0.0001540');
    await i18n.changeLanguage('zh-CN');
  });
});
