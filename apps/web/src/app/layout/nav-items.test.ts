import { describe, expect, it } from 'vitest';
import { navItems } from './nav-items';

const paths = (options: Parameters<typeof navItems>[0]) => navItems(options).map((item) => item.path);

describe('navItems', () => {
  it('hides admin items from ordinary users and visitors', () => {
    expect(paths({ isAdmin: false, hasChatLink: false })).toEqual(['/', '/token', '/dashboard', '/pricing', '/topup', '/log', '/setting', '/about']);
  });

  it('shows every item to admins, in the spec order', () => {
    expect(paths({ isAdmin: true, hasChatLink: false })).toEqual([
      '/',
      '/channel',
      '/token',
      '/dashboard',
      '/pricing',
      '/redemption',
      '/topup',
      '/user',
      '/log',
      '/setting',
      '/about',
    ]);
  });

  it('inserts chat second when a chat link is stored', () => {
    expect(paths({ isAdmin: false, hasChatLink: true }).slice(0, 3)).toEqual(['/', '/chat', '/token']);
  });
});
