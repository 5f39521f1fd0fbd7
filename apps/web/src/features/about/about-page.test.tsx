import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n/i18n';
import { renderRoute } from '@/test/render-route';

describe('about page', () => {
  let about = '';
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn((path: string) => Promise.resolve(Response.json({ success: true, message: '', data: path.startsWith('/api/about') ? about : {} }))));
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('zh-CN');
  });

  it('links the API reference and the OpenAPI document, under the default content', async () => {
    renderRoute('/about');
    const links = within(await screen.findByTestId('about-api-links', {}, { timeout: 5000 }));
    expect(links.getByText('API 参考').closest('a')?.getAttribute('href')).toBe('/api/docs');
    expect(links.getByText('OpenAPI 文档（JSON）').closest('a')?.getAttribute('href')).toBe('/api/openapi.json');
  });

  it('links them in English too, under the operator\'s own content', async () => {
    about = '# Our gateway';
    await i18n.changeLanguage('en');
    renderRoute('/about');
    const links = within(await screen.findByTestId('about-api-links', {}, { timeout: 5000 }));
    expect(links.getByText('API reference').closest('a')?.getAttribute('href')).toBe('/api/docs');
    expect(links.getByText('OpenAPI document (JSON)').closest('a')?.getAttribute('href')).toBe('/api/openapi.json');
    expect(await screen.findByText('Our gateway')).toBeTruthy();
  });
});
