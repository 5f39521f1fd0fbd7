import fs from 'node:fs';
import path from 'node:path';
import { randomHex } from '../../lib/random.js';
import { encodeRecord, parseJournal, type JournalRecord, type Settlement } from './journal-record.js';

/** A position in a node's journal: every event up to `seq` is accounted for. */
export interface JournalMark {
  node: string;
  seq: number;
}

/** A journal file no longer written to, and the sequence every record in it is at most. */
interface Segment {
  file: string;
  last: number;
}

const SEGMENT = /^(\d{16})\.jsonl$/;
const NODE_FILE = 'node-id';
const LOCK_FILE = 'lock';
/** What `written` answers when nothing waits to be written. */
const WRITTEN = Promise.resolve();
/** Journals held by this process: a second runtime in it (tests, two nodes in one process) must not share one. */
const heldHere = new Set<string>();

/**
 * The usage journal: the settlements of this node that may not be in the database yet, appended to a local
 * file before their answers' last bytes leave, so a kill -9 cannot lose the bill of an answered request.
 * The records of one event-loop turn are written together, with one `writeSync` at its end (group commit):
 * a write per request cost each short stream about 45 µs of main thread (the file system's work for every
 * write, not the bytes), a third of what the bare proxy spends on the whole request. An answer's end waits
 * for its record's write (`written`), so it is in the kernel's page cache (which outlives the process, not
 * the machine) before the client has the answer; no fsync, which would cost a disk flush per batch. A batch
 * that cannot be written is reported and dropped: its settlements are in memory and reach the database with
 * the next flush, as on a node without a journal; only their protection against a kill -9 is lost. The
 * batched writer keeps the database as it was; this only remembers.
 *
 * Every event that changes pending balances takes the next sequence: a settlement (written here) and, on
 * SQLite, a reservation held in memory (not written: see UsageWriter.hold). A flush takes the sequence
 * reached as its mark, writes it with the batch (table usage_journal_marks), and `rotate` starts a new file
 * then, so the file it closed holds only records at or below the mark and is deleted once the mark is
 * committed. Records beyond the stored mark are what a restart replays; a crash between the commit and the
 * deletion only leaves records the mark already covers, which replay skips: nothing is charged twice.
 */
export class UsageJournal {
  private seq = 0;
  private fd: number | undefined;
  private current: string | undefined;
  private closed: Segment[] = [];
  private recovered: JournalRecord[] = [];
  /** Lines appended and not written yet, and the sequence of the first (names the file a first write opens). */
  private batch: string[] = [];
  private batchFirst = 0;
  /** Made for a batch only when someone waits for it: one promise per turn, not per request. */
  private waiting: { promise: Promise<void>; resolve: () => void } | undefined;
  private failed: (error: unknown) => void = () => undefined;
  private readonly writeAtTurnEnd = () => this.writeBatch();

  private constructor(
    readonly dir: string,
    readonly node: string,
  ) {}

  /**
   * Opens the journal in `dir` (made if missing) and reads what a previous process left, or answers undefined
   * with the reason when another live process (or another runtime of this one) holds it.
   */
  static open(dir: string): { journal: UsageJournal; torn: number } | { busy: string } {
    fs.mkdirSync(dir, { recursive: true });
    const holder = lockHolder(dir);
    if (holder !== undefined) return { busy: `the usage journal in ${dir} is held by process ${holder}` };
    fs.writeFileSync(path.join(dir, LOCK_FILE), String(process.pid));
    heldHere.add(dir);
    const journal = new UsageJournal(dir, nodeId(dir));
    const torn = journal.readLeftovers();
    return { journal, torn };
  }

  /** The records a previous process left, oldest first; replay applies those past the stored marks. */
  leftovers(): readonly JournalRecord[] {
    return this.recovered;
  }

  /** The sequence reached: the mark of a flush that takes everything pending now. */
  get sequence(): number {
    return this.seq;
  }

  /** Starts counting after `seq` (the stored marks: events counted before may have left no record here). */
  continueAfter(seq: number): void {
    this.seq = Math.max(this.seq, seq);
  }

  /** The next sequence, for an event that is not written (a reservation held in memory on SQLite). */
  tick(): number {
    this.seq += 1;
    return this.seq;
  }

  /** Where a batch that could not be written is reported. */
  onWriteFailure(report: (error: unknown) => void): void {
    this.failed = report;
  }

  /** Takes a settlement under the next sequence, which it answers; it is written at the end of the turn. */
  append(settlement: Settlement, requestId: string): number {
    const seq = this.seq + 1;
    if (this.batch.length === 0) {
      this.batchFirst = seq;
      setImmediate(this.writeAtTurnEnd);
    }
    this.batch.push(encodeRecord(seq, requestId, settlement));
    this.seq = seq;
    return seq;
  }

  /** Resolves once every record appended so far is written (or its batch reported as failed). */
  written(): Promise<void> {
    if (this.batch.length === 0) return WRITTEN;
    if (!this.waiting) {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      this.waiting = { promise, resolve };
    }
    return this.waiting.promise;
  }

  /** Writes the lines appended since the last write, in one call, and lets those waiting for them go on. */
  private writeBatch(): void {
    const lines = this.batch;
    const waiting = this.waiting;
    this.batch = [];
    this.waiting = undefined;
    if (lines.length > 0) {
      try {
        if (this.fd === undefined) {
          this.current = path.join(this.dir, `${String(this.batchFirst).padStart(16, '0')}.jsonl`);
          this.fd = fs.openSync(this.current, 'a');
        }
        writeWhole(this.fd, lines.length === 1 ? lines[0]! : lines.join(''));
      } catch (error) {
        this.failed(error);
      }
    }
    waiting?.resolve();
  }

  /**
   * Closes the file written to (if anything was) and answers the mark of everything so far: called as a flush
   * takes what is pending, so the closed file holds only records the flush writes (or a failed flush gave back).
   * What is appended and not yet written is written first.
   */
  rotate(): number {
    this.writeBatch();
    if (this.fd !== undefined && this.current) {
      fs.closeSync(this.fd);
      this.closed.push({ file: this.current, last: this.seq });
      this.fd = undefined;
      this.current = undefined;
    }
    return this.seq;
  }

  /** Everything up to `mark` is in the database: the closed files it covers are deleted. */
  committed(mark: number): void {
    const kept: Segment[] = [];
    for (const segment of this.closed) {
      if (segment.last <= mark) fs.rmSync(segment.file, { force: true });
      else kept.push(segment);
    }
    this.closed = kept;
    this.recovered = this.recovered.filter((record) => record.seq > mark);
  }

  /**
   * Lets the journal go. When everything it held is in the database (`empty`), the folder goes too, node id
   * and all: nothing is left to replay, and the next start is a node of its own.
   */
  close(): { empty: boolean } {
    this.rotate();
    const empty = !fs.readdirSync(this.dir).some((name) => SEGMENT.test(name));
    heldHere.delete(this.dir);
    if (empty) {
      fs.rmSync(this.dir, { recursive: true, force: true });
      // The folder of all journals too, when this was the last: a node that stopped cleanly leaves nothing.
      fs.rmdir(path.dirname(this.dir), () => undefined);
    } else fs.rmSync(path.join(this.dir, LOCK_FILE), { force: true });
    return { empty };
  }

  private readLeftovers(): number {
    let torn = 0;
    const files = fs
      .readdirSync(this.dir)
      .filter((name) => SEGMENT.test(name))
      .sort();
    for (const name of files) {
      const file = path.join(this.dir, name);
      const parsed = parseJournal(fs.readFileSync(file, 'utf8'));
      torn += parsed.torn;
      this.recovered.push(...parsed.records);
      const last = parsed.records.reduce((max, record) => Math.max(max, record.seq), 0);
      this.closed.push({ file, last });
      this.seq = Math.max(this.seq, last);
    }
    return torn;
  }
}

/** This node's id, made once and kept beside its journal: its marks in the database are stored under it. */
function nodeId(dir: string): string {
  const file = path.join(dir, NODE_FILE);
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomHex(16));
  return fs.readFileSync(file, 'utf8').trim();
}

/**
 * Writes a text whole. A string is handed to the file without a Buffer made for it first; a write the file
 * system cut short (it may, on a full disk) is finished from the bytes it stopped at.
 */
function writeWhole(fd: number, text: string): void {
  const done = fs.writeSync(fd, text);
  if (done === Buffer.byteLength(text)) return;
  const bytes = Buffer.from(text);
  for (let written = done; written < bytes.length; ) written += fs.writeSync(fd, bytes, written);
}

/**
 * The live process holding the journal, if any. A lock left by a process that died (the kill -9 this
 * exists for) is taken over. A recycled pid could make a dead holder look alive; the journal is then only
 * unavailable (the start warns), never shared.
 */
function lockHolder(dir: string): number | undefined {
  if (heldHere.has(dir)) return process.pid;
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8'));
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
