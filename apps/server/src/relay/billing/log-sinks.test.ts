import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connection.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { NewLog } from '../../db/schema.js';
import { ThreadLogSink } from './log-sinks.js';

/** The log-writer thread against a real database file, read back through another connection. */
describe('ThreadLogSink', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let sink: ThreadLogSink;
  const count = () => (handle.sqlite!.prepare('select count(*) as n from logs').get() as { n: number }).n;
  const log = (i: number): NewLog => ({ user_id: 1, created_at: 1_800_000_000, type: 2, content: `request ${i}`, username: 'u', token_name: 't', model_name: 'gpt-4o-mini', quota: i, prompt_tokens: 1, completion_tokens: 2, channel_id: 3, request_id: `r${i}`, elapsed_time: 4, is_stream: i % 2 === 0, system_prompt_reset: false });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-logs-'));
    handle = await openDatabase({ dialect: 'sqlite', file: path.join(dir, 'one-api.db') }, { busyTimeoutMs: 5000, maxConnections: 1 });
    await migrateToLatest(handle.db, 'sqlite');
    sink = new ThreadLogSink({ file: path.join(dir, 'one-api.db'), busyTimeoutMs: 5000 });
  });
  afterAll(async () => {
    await sink.close();
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('commits every log added before a flush, with every field', async () => {
    for (let i = 0; i < 1234; i += 1) sink.add(log(i));
    await sink.flush();
    expect(count()).toBe(1234);
    expect(handle.sqlite!.prepare('select * from logs where request_id = ?').get('r10')).toMatchObject({ content: 'request 10', quota: 10, is_stream: 1, channel_id: 3, elapsed_time: 4 });
  });

  it('keeps the logs it could not write and writes them once the database takes them again', async () => {
    const before = count();
    const other = new SQLite(path.join(dir, 'one-api.db'));
    other.exec('alter table logs rename to logs_elsewhere');
    for (let i = 0; i < 10; i += 1) sink.add(log(i));
    await expect(sink.flush()).rejects.toThrow(/no such table: logs/);
    other.exec('alter table logs_elsewhere rename to logs');
    other.close();
    sink.add(log(10));
    await sink.flush();
    expect(count()).toBe(before + 11);
  });

  it('commits the rollups in the logs transaction: neither without the other, none lost', async () => {
    const before = count();
    const requests = () => (handle.sqlite!.prepare('select coalesce(sum(requests), 0) as n, coalesce(sum(quota), 0) as q from usage_rollups').get() as { n: number; q: number });
    const other = new SQLite(path.join(dir, 'one-api.db'));
    other.exec('alter table usage_rollups_daily rename to daily_elsewhere');
    for (let i = 0; i < 5; i += 1) {
      sink.add(log(i));
      sink.tally({ at: 1_800_000_000, userId: 1, tokenId: 2, channelId: 3, model: 'gpt-4o-mini', failed: false, usage: { promptTokens: 1, completionTokens: 2 }, quota: 10, latencyMs: 4 });
    }
    sink.tally({ at: 1_800_000_000, userId: 1, tokenId: 2, channelId: 3, model: 'gpt-4o-mini', failed: true });
    await expect(sink.flush()).rejects.toThrow(/no such table: usage_rollups_daily/);
    // The daily upsert failed: the logs and hourly rollups of the same batch were rolled back with it.
    expect(count()).toBe(before);
    expect(requests()).toEqual({ n: 0, q: 0 });
    other.exec('alter table daily_elsewhere rename to usage_rollups_daily');
    other.close();
    await sink.flush();
    expect(count()).toBe(before + 5);
    expect(requests()).toEqual({ n: 6, q: 50 });
    expect(handle.sqlite!.prepare('select requests, errors, latency_count from usage_rollups_daily').get()).toEqual({ requests: 6, errors: 1, latency_count: 5 });
  });

  it('keeps a process that has nothing else to do alive until its logs are committed', () => {
    const before = count();
    const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../../../test/log-sink-exit.ts'), path.join(dir, 'one-api.db'), '300'], { encoding: 'utf8', timeout: 30_000 });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    expect(count()).toBe(before + 300);
  });
});
