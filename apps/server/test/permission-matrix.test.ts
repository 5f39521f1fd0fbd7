import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@tollgate/contract';
import { databaseKinds } from './databases.js';
import { buildTestApp, NO_RATE_LIMITS, loginRoot, type TestApp } from './test-app.js';
import { signedInUser } from './users.js';

type Level = 'public' | 'user' | 'admin' | 'root';

/**
 * Who may call each /api route: one-api's map (reference 3.2), except options, which Tollgate opens to
 * admins. Paths are written without a trailing slash and with `:id` for any parameter. A route the app
 * registers without an entry here fails the suite, so a new route cannot ship unguarded by accident.
 */
const PERMISSIONS: Record<string, Level> = {
  'GET /api/status': 'public',
  'GET /api/notice': 'public',
  'GET /api/about': 'public',
  'GET /api/home_page_content': 'public',
  'POST /api/user/register': 'public',
  'POST /api/user/login': 'public',
  'GET /api/user/logout': 'public',
  'GET /api/verification': 'public',
  'GET /api/reset_password': 'public',
  'POST /api/user/reset': 'public',
  'GET /api/oauth/github': 'public',
  'GET /api/oauth/oidc': 'public',
  'GET /api/oauth/lark': 'public',
  'GET /api/oauth/state': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/:id': 'public',
  'GET /api/oauth/wechat': 'public',
  'POST /api/user/login/2fa': 'public',
  'POST /api/user/login/passkey/options': 'public',
  'POST /api/user/login/passkey': 'public',
  'POST /api/user/login/2fa/passkey/options': 'public',
  'POST /api/user/login/2fa/passkey': 'public',

  'GET /api/oauth/wechat/bind': 'user',
  'GET /api/oauth/email/bind': 'user',
  'GET /api/models': 'user',
  'GET /api/pricing': 'user',
  'GET /api/pricing/model': 'admin',
  'GET /api/pricing/built_in_ratios': 'admin',
  'GET /api/user/dashboard': 'user',
  'GET /api/user/self': 'user',
  'PUT /api/user/self': 'user',
  'DELETE /api/user/self': 'user',
  'GET /api/user/token': 'user',
  'GET /api/user/aff': 'user',
  'GET /api/user/2fa/status': 'user',
  'POST /api/user/2fa/setup': 'user',
  'POST /api/user/2fa/enable': 'user',
  'POST /api/user/2fa/disable': 'user',
  'POST /api/user/2fa/backup_codes': 'user',
  'GET /api/user/passkeys': 'user',
  'POST /api/user/passkeys/proof/options': 'user',
  'POST /api/user/passkeys/registration/options': 'user',
  'POST /api/user/passkeys/registration': 'user',
  'PUT /api/user/passkeys/:id': 'user',
  'POST /api/user/passkeys/:id/delete': 'user',
  'POST /api/user/topup': 'user',
  'GET /api/user/available_models': 'user',
  'GET /api/token': 'user',
  'GET /api/token/search': 'user',
  'GET /api/token/:id': 'user',
  'GET /api/token/:id/limits': 'user',
  'POST /api/token': 'user',
  'PUT /api/token': 'user',
  'DELETE /api/token/:id': 'user',
  'GET /api/log/self': 'user',
  'GET /api/log/self/stat': 'user',
  'GET /api/log/self/search': 'user',
  'GET /api/analytics/self/summary': 'user',
  'GET /api/analytics/self/top': 'user',
  'GET /api/analytics/self/export.csv': 'user',
  'GET /api/log/self/export.csv': 'user',

  'POST /api/topup': 'admin',
  'DELETE /api/user/:id/2fa': 'admin',
  'GET /api/user': 'admin',
  'POST /api/user': 'admin',
  'PUT /api/user': 'admin',
  'GET /api/user/search': 'admin',
  'GET /api/user/:id': 'admin',
  'GET /api/user/:id/limits': 'admin',
  'DELETE /api/user/:id': 'admin',
  'POST /api/user/manage': 'admin',
  'GET /api/channel': 'admin',
  'GET /api/channel/search': 'admin',
  'GET /api/channel/models': 'admin',
  'GET /api/channel/:id': 'admin',
  'GET /api/channel/test': 'admin',
  'GET /api/channel/test/:id': 'admin',
  'GET /api/channel/update_balance': 'admin',
  'GET /api/channel/update_balance/:id': 'admin',
  'POST /api/channel': 'admin',
  'PUT /api/channel': 'admin',
  'DELETE /api/channel/disabled': 'admin',
  'DELETE /api/channel/:id': 'admin',
  'POST /api/channel/fetch_models': 'admin',
  'GET /api/channel/fetch_models/:id': 'admin',
  'POST /api/channel/unpriced_models': 'admin',
  'GET /api/redemption': 'admin',
  'GET /api/redemption/search': 'admin',
  'GET /api/redemption/:id': 'admin',
  'POST /api/redemption': 'admin',
  'PUT /api/redemption': 'admin',
  'DELETE /api/redemption/:id': 'admin',
  'GET /api/log': 'admin',
  'DELETE /api/log': 'admin',
  'GET /api/log/stat': 'admin',
  'GET /api/log/search': 'admin',
  'GET /api/analytics/summary': 'admin',
  'GET /api/analytics/top': 'admin',
  'GET /api/analytics/channels': 'admin',
  'GET /api/analytics/export.csv': 'admin',
  'GET /api/log/export.csv': 'admin',
  'GET /api/group': 'admin',
  'GET /api/group/models': 'admin',
  'GET /api/option': 'admin',
  'PUT /api/option': 'admin',

  'GET /api/config/export': 'root',
  'POST /api/config/import': 'root',
  'GET /api/prices/source': 'root',
  'POST /api/prices/source/preview': 'root',
  'POST /api/prices/source/apply': 'root',
};

const RANK: Record<Level, number> = { public: 0, user: Role.Common, admin: Role.Admin, root: Role.Root };
const DENIED = 'permission denied: insufficient role';
// Deleting one's own account ends the caller's session, so it is called last.
const CALLED_LAST = 'DELETE /api/user/self';

const normalize = (method: string, url: string) => `${method} ${url.replace(/:[^/]+/g, ':id').replace(/\/+$/, '')}`;

describe.each(databaseKinds)('the /api permission matrix on %s', (kind) => {
  let t: TestApp;
  const registered = new Set<string>();
  const cookies: Partial<Record<Level, string>> = {};

  beforeAll(async () => {
    // A closed local port: root's price source preview fails at once instead of reaching for the network.
    t = await buildTestApp(kind, { ...NO_RATE_LIMITS, PRICE_SOURCE_URL: 'http://127.0.0.1:9/data.json' }, {
      onRoute: ({ method, url }) => {
        if (url === '/api' || url.startsWith('/api/')) registered.add(normalize(method, url));
      },
    });
    cookies.user = (await signedInUser(t, 'mx-user', Role.Common)).cookie;
    cookies.admin = (await signedInUser(t, 'mx-admin', Role.Admin)).cookie;
    cookies.root = await loginRoot(t.app);
  });
  afterAll(() => t.close());

  /** Existing routes in a safe order; parameters get an id nothing uses, so no call changes real data. */
  const routes = () => [...registered].sort((a, b) => Number(a === CALLED_LAST) - Number(b === CALLED_LAST) || a.localeCompare(b));
  const call = (route: string, cookie?: string) => {
    const [method = 'GET', path = ''] = route.split(' ');
    return t.app.inject({ method: method as 'GET', url: path.replaceAll(':id', '987654'), headers: cookie ? { cookie } : {} });
  };
  const messageOf = (body: string) => {
    try {
      return (JSON.parse(body) as { message?: unknown }).message;
    } catch {
      return undefined;
    }
  };

  it('has an entry for every registered /api route', () => {
    expect(registered.size).toBeGreaterThan(20);
    expect([...registered].filter((route) => !(route in PERMISSIONS))).toEqual([]);
  });

  it('answers 401 to anonymous callers on every guarded route, and serves the public ones', async () => {
    const wrong: string[] = [];
    for (const route of routes()) {
      const { statusCode } = await call(route);
      const guarded = PERMISSIONS[route] !== 'public';
      if (guarded !== (statusCode === 401)) wrong.push(`${route}: ${statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(['user', 'admin', 'root'] as const)('lets a %s through exactly the routes of their level', async (level) => {
    const wrong: string[] = [];
    for (const route of routes()) {
      const required = PERMISSIONS[route];
      if (required === undefined) continue;
      const response = await call(route, cookies[level]);
      const denied = response.statusCode === 200 && messageOf(response.body) === DENIED;
      const allowed = RANK[level] >= RANK[required];
      if (response.statusCode === 401 || allowed === denied) wrong.push(`${route}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });
});
