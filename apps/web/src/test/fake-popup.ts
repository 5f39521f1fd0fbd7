import { vi } from 'vitest';

/** A window as window.open returns it, recording where it is sent; window.open is spied to return it. */
export function fakePopup(): { location: { href: string }; opener: unknown; close: () => void } {
  const popup = { location: { href: '' }, opener: window as unknown, close: vi.fn() };
  vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  return popup;
}
