import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGitHub {
  /** Where Tollgate's GitHubBaseUrl and GitHubApiBaseUrl point. */
  url: string;
  /** The GitHub login the next sign-in reports; a test sets it to a fresh name. */
  login: string;
  /** The bodies Tollgate posted to the token endpoint, to check what it sent. */
  tokenRequests: Array<Record<string, unknown>>;
  stop: () => Promise<void>;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => resolve(body));
  });
}

/**
 * A stand-in for GitHub's web application flow, for both the browser and the server:
 * - GET /login/oauth/authorize answers as a user who consents at once: a redirect to the console's
 *   /oauth/github with a code and the state it was given;
 * - POST /login/oauth/access_token trades that code for a token; any other code is refused like GitHub does
 *   (HTTP 200 with an error field);
 * - GET /user describes the user of that token.
 */
export async function startFakeGitHub(consoleUrl: string): Promise<FakeGitHub> {
  const CODE = 'e2e-code';
  const TOKEN = 'gho_e2e_token';
  const fake: FakeGitHub = { url: '', login: 'octo-e2e', tokenRequests: [], stop: async () => undefined };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake-github');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
        const callback = new URL('/oauth/github', consoleUrl);
        callback.search = new URLSearchParams({ code: CODE, state: url.searchParams.get('state') ?? '' }).toString();
        res.writeHead(302, { location: callback.toString() });
        res.end();
        return;
      }
      if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
        const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
        fake.tokenRequests.push(body);
        json(200, body.code === CODE ? { access_token: TOKEN, token_type: 'bearer', scope: 'user:email' } : { error: 'bad_verification_code' });
        return;
      }
      if (req.method === 'GET' && url.pathname === '/user') {
        if (req.headers.authorization !== `Bearer ${TOKEN}`) return json(401, { message: 'Bad credentials' });
        json(200, { id: 4242, login: fake.login, name: 'Octo E2E', email: `${fake.login}@example.com` });
        return;
      }
      json(404, { message: 'Not Found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
