import { createHash } from 'node:crypto';
import { LogType } from '@tollgate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases.js';
import { addModel, bundledPriceData, closedPortUrl, FakePriceSource, modelIndexes, setPrice, type PriceData } from '../../test/fake-price-source.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { runCli } from '../../test/tollgate-cli.js';

/**
 * `npm run tollgate -- prices update` against a fake source, on the server's database of each kind, with a
 * server running on it: a broken or invalid file is refused naming why and writes nothing; a good one is
 * printed as a diff, applied only when asked, and reaches the running server through the cache version.
 */
describe.each(databaseKinds)('npm run tollgate -- prices update on %s', (kind) => {
  let database: TestDatabase;
  let server: TestApp;
  let env: Record<string, string>;
  const source = new FakePriceSource();
  let changed: PriceData;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = { ...database.env, PRICE_SOURCE_URL: await source.start() };
    // The server migrates the database and keeps serving while the command line changes its prices.
    server = await buildTestApp(kind, env);
    changed = addModel(setPrice(await bundledPriceData(), 'openai', 'gpt-5.2', 'input_mtok', 3.5), 'openai', 'tollgate-new-model', { input_mtok: 4, output_mtok: 8 });
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
    await source.close();
  });

  const stored = () => server.ctx.db.selectFrom('price_source_files').select('sha256').execute();
  const gptRatio = () => server.ctx.relay.pricing.quote('gpt-5.2', 'default')?.modelRatio;

  // Each run starts a process (a few seconds): every database sees a broken file, a dry run and an apply; the
  // other refusals, which touch the database no differently, run on SQLite only.
  it('refuses a file that is not JSON, naming why, and writes nothing', async () => {
    source.serve('{"providers": [');
    const broken = await runCli(['prices', 'update', '--yes'], env);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^error: the price file at http:\/\/127\.0\.0\.1:\d+\/data\.json is refused, nothing of it is applied: not JSON/);
    expect(await stored()).toEqual([]);
    expect(gptRatio()).toBe(0.875);
  });

  // What does not touch the database is proven once, on SQLite: each run of the command line is a process.
  const onSqlite = kind === 'sqlite' ? it : () => undefined;

  onSqlite('refuses a file that does not validate naming the field, a source it cannot reach, and a script that does not say --yes', async () => {
    source.serve(setPrice(structuredClone(changed), 'openai', 'gpt-5.2', 'output_mtok', -14));
    const invalid = await runCli(['prices', 'update', '--yes'], env);
    const [p, m] = modelIndexes(changed, 'openai', 'gpt-5.2');
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain(`[${p}].models[${m}].prices.output_mtok: Too small`);
    const unreachable = await runCli(['prices', 'update', '--yes'], { ...env, PRICE_SOURCE_URL: await closedPortUrl() });
    expect(unreachable).toMatchObject({ code: 1, stderr: expect.stringMatching(/^error: could not reach the price source at .*ECONNREFUSED.*; the prices in force are kept\n$/) });
    source.serve(changed);
    const unasked = await runCli(['prices', 'update'], env);
    expect(unasked).toMatchObject({ code: 1, stderr: 'error: not applied: pass --yes to apply without a question, or --dry-run to only print the changes\n' });
    expect(await stored()).toEqual([]);
  });

  it('prints what a good file changes, and --dry-run writes nothing', async () => {
    source.serve(changed);
    const dry = await runCli(['prices', 'update', '--dry-run'], env);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^in force: genai-prices \d+\.\d+\.\d+ \(\d{4}-\d\d-\d\d\)\nfetched: genai-prices data\.json \(\d{4}-\d\d-\d\d\) from http:\/\/127\.0\.0\.1:\d+\/data\.json, sha256 [0-9a-f]{64}\n/);
    expect(dry.stdout).toContain(
      [
        'models: 1 added, 1 changed, 0 removed (US dollars per million tokens)',
        '  + openai/tollgate-new-model: input_mtok $4, output_mtok $8',
        '  ~ openai/gpt-5.2: input_mtok $1.75 -> $3.5',
        'dry run: nothing written',
      ].join('\n'),
    );
    expect(await stored()).toEqual([]);
  });

  it('applies with --yes, and the running server reloads it', async () => {
    const applied = await runCli(['prices', 'update', '--yes'], env);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(/applied: running servers load it at their next cache poll\n$/);
    expect(await stored()).toEqual([{ sha256: createHash('sha256').update(JSON.stringify(changed)).digest('hex') }]);
    await expect.poll(gptRatio, { timeout: 5000, interval: 50 }).toBe(1.75);
    const trace = await server.ctx.db.selectFrom('logs').select(['user_id', 'username', 'content']).where('type', '=', LogType.Manage).executeTakeFirstOrThrow();
    expect(trace).toMatchObject({ user_id: 0, username: 'tollgate-cli', content: expect.stringContaining('the command line (tollgate prices update) applied the price source file') });
  });

  onSqlite('finds nothing to change when the file in force is the source’s', async () => {
    const again = await runCli(['prices', 'update', '--yes'], env);
    expect(again).toMatchObject({ code: 0, stdout: expect.stringMatching(/models: 0 added, 0 changed, 0 removed .*\nnothing to change: this file is in force\n$/) });
  });
});
