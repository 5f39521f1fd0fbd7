import type { SourceCatalog } from '../../relay/billing/price-source/source-catalog.js';
import type { PriceSourceFile } from './price-source-file.repository.js';

/** A downloaded file that passed its checks, ready to apply. */
export interface CheckedFile {
  file: PriceSourceFile;
  catalog: SourceCatalog;
}

/** Ten minutes to read a diff and decide; after that an apply fetches again and checks the hash. */
const KEPT_MS = 10 * 60_000;
/** A parsed file is a few megabytes: keep only the last few previews. */
const KEPT_FILES = 3;

/**
 * The files this node previewed, by sha256, so that an apply applies exactly what the operator saw without a
 * second download. Per node and in memory: an apply that reaches another node (or comes late) downloads again.
 */
export class PreviewedFiles {
  private readonly files = new Map<string, { checked: CheckedFile; until: number }>();

  constructor(private readonly clock: () => number = Date.now) {}

  keep(checked: CheckedFile): void {
    this.files.delete(checked.file.sha256);
    this.files.set(checked.file.sha256, { checked, until: this.clock() + KEPT_MS });
    for (const sha256 of this.files.keys()) if (this.files.size > KEPT_FILES) this.files.delete(sha256);
  }

  find(sha256: string): CheckedFile | undefined {
    const kept = this.files.get(sha256);
    if (kept && kept.until > this.clock()) return kept.checked;
    this.files.delete(sha256);
    return undefined;
  }
}
