import { Deserializer, Serializer } from 'node:v8';
import type { NewLog } from '../../db/schema.js';
import { columnValue, LOG_COLUMNS, type LogRow } from './sqlite-log-rows.js';

/** `count` consume logs serialised with node:v8: their column values, one after another. */
export interface RowBytes {
  count: number;
  bytes: Uint8Array;
}

/**
 * Consume logs serialised as they are added, into memory outside the JavaScript heap. Logs waiting for their
 * batch to go to the log-writer thread, and then for it to be committed, were most of what a request left
 * alive at a young collection: copied by each one and promoted to the old generation. As bytes they cost
 * the collector nothing. Values are written one by one, not as a row array: V8's serialiser remembers
 * every object it wrote (for back references) until it is done, which would keep the rows alive anyway.
 */
export class RowSerializer {
  private serializer = startSerializer();
  private rows = 0;

  get count(): number {
    return this.rows;
  }

  add(log: NewLog): void {
    for (const column of LOG_COLUMNS) this.serializer.writeValue(columnValue(log, column));
    this.rows += 1;
  }

  /** The logs added since the last take, as bytes; undefined when there are none. */
  take(): RowBytes | undefined {
    if (this.rows === 0) return undefined;
    const taken = { count: this.rows, bytes: this.serializer.releaseBuffer() };
    this.serializer = startSerializer();
    this.rows = 0;
    return taken;
  }
}

function startSerializer(): Serializer {
  const serializer = new Serializer();
  serializer.writeHeader();
  return serializer;
}

/** The logs of one `take`, as the insert statements bind them. */
export function readRows({ count, bytes }: RowBytes): LogRow[] {
  const deserializer = new Deserializer(bytes);
  deserializer.readHeader();
  return Array.from({ length: count }, () => LOG_COLUMNS.map(() => deserializer.readValue() as string | number | null));
}
