import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connection.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { NewLog } from '../../db/schema.js';
import { encodeRecord, parseJournal, type JournalRecord } from './journal-record.js';
import { replayJournal } from './journal-replay.js';
import { ThreadLogSink } from './log-sinks.js';
import type { Reservation } from './reservation.js';
import type { RollupSample } from './rollup-cells.js';
import { SqliteCounters } from './sqlite-counters.js';
import { UsageJournal } from './usage-journal.js';
import { UsageWriter } from './usage-writer.js';

const record = (seq: number): JournalRecord => ({ seq, requestId: `r${seq}`, reservation: { userId: 1, tokenId: 2, unlimitedToken: false, amount: 10 }, charged: 7, counted: true, channelId: 3 });
const line = (r: JournalRecord) => encodeRecord(r.seq, r.requestId, r);

describe('journal records', () => {
  it('reads back what was written, and skips a last line a crash cut short', () => {
    const text = line(record(1)) + line(record(2)) + line(record(3)).slice(0, 25);
    const { records, torn } = parseJournal(text);
    expect(records.map((r) => r.seq)).toEqual([1, 2]);
    expect(records[0]).toEqual(record(1));
    expect(torn).toBe(1);
  });

  it('reads back every key of a settlement, its log and its rollup sample, whatever their values', () => {
    // Required<>: a key added to the reservation or the rollup sample fails to compile here until it is set,
    // and then this fails until the hand-written encoder writes it.
    const reservation: Required<Reservation> = { userId: 4, tokenId: 5, unlimitedToken: true, amount: 1234, heldAt: 8 };
    const rollup: Required<RollupSample> = {
      at: 1_795_963_538,
      userId: 4,
      tokenId: 5,
      channelId: 6,
      model: 'model "quoted" \\ 模型',
      failed: true,
      usage: { promptTokens: 12, completionTokens: 9, cacheReadTokens: 3 },
      quota: 44,
      latencyMs: 26.131859000000077,
    };
    const log: NewLog = { type: 2, channel_id: 6, created_at: 1_795_963_538, prompt_tokens: 12, completion_tokens: 9, elapsed_time: 26, system_prompt_reset: false, user_id: 4, username: 'ü "x"', content: 'line\nbreak', other: '{"a":"b\\"c"}', quota: 44, is_stream: true };
    const full: JournalRecord = { seq: 9, requestId: 'req "9"', reservation, charged: 44, counted: true, channelId: 6, log, rollup };
    expect(parseJournal(line(full))).toEqual({ records: [full], torn: 0 });
    // Without the optional parts, and with what JSON cannot hold: no line is torn by a number.
    const bare: JournalRecord = { seq: 10, requestId: '', reservation: { userId: 1, tokenId: 0, unlimitedToken: false, amount: 0 }, charged: Number.NaN, counted: false, channelId: 0 };
    const [read] = parseJournal(line(bare)).records;
    expect(read).toEqual({ ...bare, charged: null });
  });

  it('skips a whole line that is not a record', () => {
    expect(parseJournal(`${line(record(1))}{"s":2\n`)).toMatchObject({ records: [{ seq: 1 }], torn: 1 });
  });
});

describe('UsageJournal files', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-journal-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const open = (at = path.join(dir, 'j')) => {
    const opened = UsageJournal.open(at);
    if ('busy' in opened) throw new Error(opened.busy);
    return opened;
  };
  const segments = (at = path.join(dir, 'j')) => fs.readdirSync(at).filter((name) => name.endsWith('.jsonl'));

  it('rotates at each mark and deletes a file once a committed mark covers it', async () => {
    const { journal } = open();
    const { seq: _seq, requestId: _id, ...settled } = record(0);
    expect(journal.append(settled, 'r')).toBe(1);
    journal.tick();
    expect(journal.rotate()).toBe(2);
    expect(journal.append(settled, 'r')).toBe(3);
    await journal.written();
    expect(segments()).toHaveLength(2);
    journal.committed(2);
    expect(segments()).toHaveLength(1);
    // The file being written is not deleted, whatever the mark: it is closed by the next rotation first.
    journal.committed(3);
    expect(segments()).toHaveLength(1);
    journal.committed(journal.rotate());
    expect(segments()).toHaveLength(0);
    expect(journal.close()).toEqual({ empty: true });
    expect(fs.existsSync(path.join(dir, 'j'))).toBe(false);
  });

  it("writes a turn's records with one write at its end, and lets those waiting go on once they are in the file", async () => {
    const { journal } = open();
    const { seq: _seq, requestId: _id, ...settled } = record(0);
    const lines = () => segments().flatMap((name) => parseJournal(fs.readFileSync(path.join(dir, 'j', name), 'utf8')).records.map((r) => r.seq));
    await expect(journal.written()).resolves.toBeUndefined();
    journal.append(settled, 'r');
    journal.append(settled, 'r');
    const waiting = journal.written();
    journal.append(settled, 'r');
    expect(lines()).toEqual([]);
    await waiting;
    expect(lines()).toEqual([1, 2, 3]);
    // A mark taken before the turn ends writes what was appended first: the closed file holds every record it covers.
    journal.append(settled, 'r');
    expect(journal.rotate()).toBe(4);
    expect(lines()).toEqual([1, 2, 3, 4]);
    journal.close();
  });

  it('reports a batch it cannot write and lets its answers go on (their bills are in memory)', async () => {
    const { journal } = open();
    const failures: unknown[] = [];
    journal.onWriteFailure((error) => failures.push(error));
    const { seq: _seq, requestId: _id, ...settled } = record(0);
    fs.rmSync(path.join(dir, 'j'), { recursive: true, force: true });
    journal.append(settled, 'r');
    await journal.written();
    expect(failures).toHaveLength(1);
    expect((failures[0] as NodeJS.ErrnoException).code).toBe('ENOENT');
  });

  it('is held by one runtime at a time, and a restarted node reads what it left, under the same node id', () => {
    const { journal } = open();
    const { seq: _seq, requestId: _id, ...settled } = record(0);
    journal.append(settled, 'r');
    journal.append(settled, 'r');
    expect(UsageJournal.open(path.join(dir, 'j'))).toHaveProperty('busy');
    expect(journal.close()).toEqual({ empty: false });
    fs.appendFileSync(path.join(dir, 'j', segments()[0]!), '{"s":3,"i":"r3","r":{"userId"');
    const again = open();
    expect(again.journal.node).toBe(journal.node);
    expect(again.journal.leftovers().map((r) => r.seq)).toEqual([1, 2]);
    expect(again.torn).toBe(1);
    expect(again.journal.sequence).toBe(2);
    again.journal.close();
  });

  it('takes over the lock of a process that died', () => {
    fs.mkdirSync(path.join(dir, 'j'));
    // No process has this pid (above Linux's pid_max).
    fs.writeFileSync(path.join(dir, 'j', 'lock'), '99999999');
    open().journal.close();
  });
});

/**
 * The replay against a real SQLite file, its balances written by the main connection and its logs by the
 * log-writer thread, each with its own mark: a "crash" is the journal let go with settlements not written.
 */
describe('replaying the journal on SQLite', () => {
  let dir: string;
  let handle: DatabaseHandle;
  const file = () => path.join(dir, 'one-api.db');
  const journalDir = () => path.join(dir, 'journal');

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-replay-'));
    handle = await openDatabase({ dialect: 'sqlite', file: file() }, { busyTimeoutMs: 5000, maxConnections: 1 });
    await migrateToLatest(handle.db, 'sqlite');
    handle.sqlite!.exec(`insert into users (id, username, password, quota, used_quota, request_count) values (1, 'u', 'p', 1000, 0, 0);
      insert into tokens (id, user_id, key, name, remain_quota, used_quota) values (2, 1, 'k', 't', 500, 0);
      insert into channels (id, name, key, used_quota) values (3, 'c', 'x', 0)`);
  });
  afterEach(async () => {
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A node: its journal, and a writer whose timer never fires (flushes are the test's). */
  function node() {
    const opened = UsageJournal.open(journalDir());
    if ('busy' in opened) throw new Error(opened.busy);
    const { journal } = opened;
    const logs = new ThreadLogSink({ file: file(), busyTimeoutMs: 5000 }, journal.node);
    const usage = new UsageWriter(handle.db, 'sqlite', 3_600_000, () => undefined, { counters: new SqliteCounters(handle.sqlite!, handle.sqliteWrites!), logs }, journal);
    return { journal, logs, usage };
  }

  const log = (i: number): NewLog => ({ user_id: 1, created_at: 1_800_000_000, type: 2, content: '', username: 'u', token_name: 't', model_name: 'm', quota: 7, prompt_tokens: 1, completion_tokens: 2, channel_id: 3, request_id: `r${i}`, elapsed_time: 4, is_stream: false, system_prompt_reset: false });

  /** A request as the relay runs it on SQLite: the reservation held in memory, then settled (7 of 10) or refunded. */
  function request(usage: UsageWriter, i: number, refunded = false) {
    const reservation: Reservation = { userId: 1, tokenId: 2, unlimitedToken: false, amount: 10 };
    usage.hold(reservation);
    if (refunded) usage.record({ reservation, charged: 0, counted: false, channelId: 0 });
    else usage.record({ reservation, charged: 7, counted: true, channelId: 3, log: log(i), requestId: `r${i}`, rollup: { at: 1_800_000_000, userId: 1, tokenId: 2, channelId: 3, model: 'm', failed: false, quota: 7 } });
  }

  const stored = () =>
    handle.sqlite!.prepare(
      `select (select quota from users where id = 1) as quota, (select used_quota from users where id = 1) as used, (select request_count from users where id = 1) as requests,
        (select remain_quota from tokens where id = 2) as remain, (select used_quota from tokens where id = 2) as keyUsed, (select used_quota from channels where id = 3) as channelUsed,
        (select count(*) from logs) as logs, (select coalesce(sum(requests), 0) from usage_rollups) as rolledUp`,
    ).get();
  const billed = (n: number) => ({ quota: 1000 - 7 * n, used: 7 * n, requests: n, remain: 500 - 7 * n, keyUsed: 7 * n, channelUsed: 7 * n, logs: n, rolledUp: n });

  it('writes what the database lacked after a crash, and nothing twice however often it runs', async () => {
    const first = node();
    await replayJournal(handle.db, first.journal, first.usage);
    for (let i = 0; i < 10; i += 1) request(first.usage, i);
    request(first.usage, 100, true);
    await first.usage.flush();
    expect(stored()).toEqual(billed(10));
    // Five more settled (and one refunded), then the process dies: their logs reached the thread, their balances did not.
    for (let i = 10; i < 15; i += 1) request(first.usage, i);
    request(first.usage, 101, true);
    await first.logs.close();
    first.journal.close();
    expect(stored()).toMatchObject({ used: 70, logs: 15 });
    const left = fs.readdirSync(journalDir()).filter((name) => name.endsWith('.jsonl'));
    const copies = left.map((name) => [name, fs.readFileSync(path.join(journalDir(), name))] as const);

    const second = node();
    expect(await replayJournal(handle.db, second.journal, second.usage)).toEqual({ found: 6, applied: 6 });
    expect(stored()).toEqual(billed(15));
    // Killed between the replay's commit and the deletion of the files: the marks cover them, nothing is applied.
    for (const [name, bytes] of copies) fs.writeFileSync(path.join(journalDir(), name), bytes);
    await second.logs.close();
    second.journal.close();

    const third = node();
    expect(await replayJournal(handle.db, third.journal, third.usage)).toEqual({ found: 6, applied: 0 });
    expect(stored()).toEqual(billed(15));
    request(third.usage, 15);
    expect(await third.usage.close()).toEqual({ journalEmpty: true });
    expect(stored()).toEqual(billed(16));
    expect(fs.existsSync(journalDir())).toBe(false);
  });

  it('holds again a reservation the database never got, and only that one', async () => {
    const first = node();
    await replayJournal(handle.db, first.journal, first.usage);
    const early: Reservation = { userId: 1, tokenId: 2, unlimitedToken: false, amount: 10 };
    first.usage.hold(early);
    // Written while its request was still running: the settlement alone is replayed.
    await first.usage.flush();
    first.usage.record({ reservation: early, charged: 7, counted: true, channelId: 3, requestId: 'early' });
    request(first.usage, 1);
    // In flight at the crash: never answered, never journaled, and held only in memory, so simply gone.
    first.usage.hold({ userId: 1, tokenId: 2, unlimitedToken: false, amount: 10 });
    await first.logs.close();
    first.journal.close();

    const second = node();
    await replayJournal(handle.db, second.journal, second.usage);
    expect(stored()).toMatchObject({ quota: 1000 - 14, used: 14, requests: 2, remain: 500 - 14, keyUsed: 14, channelUsed: 14 });
    await second.usage.close();
  });
});
