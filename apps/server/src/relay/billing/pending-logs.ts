import { Deserializer, Serializer } from 'node:v8';
import type { NewLog } from '../../db/schema.js';
import { LOG_COLUMNS, type LogRow } from './sqlite-log-rows.js';

/** `count` consume logs serialised with node:v8: their column values (LOG_COLUMNS), one after another. */
export interface RowBytes {
  count: number;
  bytes: Uint8Array;
}

type ColumnValue = string | number | boolean | null;

/**
 * Consume logs waiting to be written, held as bytes outside the JavaScript heap. A log waits for its batch
 * (50 ms for SQLite's writer thread, BATCH_UPDATE_INTERVAL for PostgreSQL and MySQL) and then for the batch
 * to commit: as objects, logs were most of what a request left alive at a young collection, copied by each
 * one and promoted to the old generation, where only a full collection reclaims them. As bytes they cost
 * the collector nothing. Values are written one by one, not as a row object: V8's serialiser remembers
 * every object it wrote (for back references) until it is done, which would keep the rows alive anyway.
 */
export class PendingLogs {
  /** Logs sealed into chunks, oldest first; then those of the open serialiser. */
  private sealed: RowBytes[] = [];
  private serializer = startSerializer();
  private open = 0;
  private sealedCount = 0;

  get count(): number {
    return this.sealedCount + this.open;
  }

  add(log: NewLog): void {
    for (const column of LOG_COLUMNS) this.serializer.writeValue(log[column] ?? null);
    this.open += 1;
  }

  /** Every log held, as chunks of bytes, oldest first; they stay held. */
  chunks(): readonly RowBytes[] {
    if (this.open > 0) {
      this.sealed.push({ count: this.open, bytes: this.serializer.releaseBuffer() });
      this.sealedCount += this.open;
      this.serializer = startSerializer();
      this.open = 0;
    }
    return this.sealed;
  }

  /** Every log held, which this no longer holds. */
  take(): RowBytes[] {
    const taken = [...this.chunks()];
    this.sealed = [];
    this.sealedCount = 0;
    return taken;
  }

  /** Gives back logs taken earlier (a batch that was not written): they go first, as they are older. */
  putBack(chunks: readonly RowBytes[]): void {
    this.chunks();
    this.sealed = [...chunks, ...this.sealed];
    this.sealedCount += countOf(chunks);
  }

  /** Adds logs taken from another holder after these: they are newer. */
  append(chunks: readonly RowBytes[]): void {
    this.chunks();
    this.sealed.push(...chunks);
    this.sealedCount += countOf(chunks);
  }
}

const countOf = (chunks: readonly RowBytes[]) => chunks.reduce((sum, chunk) => sum + chunk.count, 0);

function startSerializer(): Serializer {
  const serializer = new Serializer();
  serializer.writeHeader();
  return serializer;
}

/** The logs of a chunk as SQLite's statements bind them: values in LOG_COLUMNS order, booleans as 0/1. */
export function readRows(chunk: RowBytes): LogRow[] {
  const rows: LogRow[] = [];
  eachLog(chunk, (values) => rows.push(values.map((value) => (typeof value === 'boolean' ? Number(value) : value))));
  return rows;
}

/**
 * The logs of a chunk as objects, `size` at a time: PostgreSQL and MySQL insert them a slice per statement,
 * so only the slice being sent is alive in the heap.
 */
export function* logSlices(chunk: RowBytes, size: number): Generator<NewLog[]> {
  const deserializer = startDeserializer(chunk.bytes);
  for (let start = 0; start < chunk.count; start += size) {
    const slice: NewLog[] = [];
    for (let i = start; i < Math.min(start + size, chunk.count); i += 1) slice.push(logOf(readValues(deserializer)));
    yield slice;
  }
}

function eachLog(chunk: RowBytes, visit: (values: ColumnValue[]) => void): void {
  const deserializer = startDeserializer(chunk.bytes);
  for (let i = 0; i < chunk.count; i += 1) visit(readValues(deserializer));
}

function startDeserializer(bytes: Uint8Array): Deserializer {
  const deserializer = new Deserializer(bytes);
  deserializer.readHeader();
  return deserializer;
}

const readValues = (deserializer: Deserializer): ColumnValue[] => LOG_COLUMNS.map(() => deserializer.readValue() as ColumnValue);

function logOf(values: ColumnValue[]): NewLog {
  const log: Record<string, ColumnValue> = {};
  LOG_COLUMNS.forEach((column, i) => {
    log[column] = values[i] ?? null;
  });
  return log as unknown as NewLog;
}
