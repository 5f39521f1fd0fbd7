import type { Kysely } from 'kysely';
import type { AppLogger } from '../../observability/app-logger.js';
import type { Database } from '../../db/schema.js';
import { fail } from '../../http/errors.js';
import { loadBundledSource } from '../../relay/billing/price-source/bundled-source.js';
import { parseSourceData, PriceSourceError } from '../../relay/billing/price-source/parse-source.js';
import type { PriceSources } from '../../relay/billing/price-source/price-sources.js';
import { SourceCatalog } from '../../relay/billing/price-source/source-catalog.js';
import { readStoredFile, type PriceSourceFile } from './price-source-file.repository.js';

/** The file each catalog built from a download came from, so what is in force can say its hash and fetch time. */
const filesOfCatalogs = new WeakMap<SourceCatalog, PriceSourceFile>();

/** The downloaded file a catalog was built from, or undefined for the bundled data. */
export const fileOf = (catalog: SourceCatalog): PriceSourceFile | undefined => filesOfCatalogs.get(catalog);

/** The UTC day of an epoch second, as provenance dates are written (YYYY-MM-DD). */
export const dayOf = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 10);

/** `genai-prices data.json`: the source and the file's name, as a fetched price's origin names it. */
function nameOf(url: string): string {
  const file = URL.canParse(url) ? new URL(url).pathname.split('/').pop() : undefined;
  return file ? `genai-prices ${file}` : 'genai-prices';
}

/** Checks a downloaded file whole and builds its catalog; a file that does not fit is refused naming every problem (ten at most). */
export function catalogOfFile(file: PriceSourceFile): SourceCatalog {
  try {
    const catalog = new SourceCatalog(parseSourceData(file.text), { name: nameOf(file.url), date: dayOf(file.fetchedAt), url: file.url });
    filesOfCatalogs.set(catalog, file);
    return catalog;
  } catch (error) {
    if (!(error instanceof PriceSourceError)) throw error;
    const { problems } = error;
    const detail = `${problems.slice(0, 10).join('; ')}${problems.length > 10 ? `; and ${problems.length - 10} more` : ''}`;
    throw fail('price_source.invalid', { url: file.url, detail });
  }
}

let bundled: Promise<SourceCatalog> | undefined;
/** The data bundled with this release, checked once per process (it never changes while it runs). */
export const bundledCatalog = (): Promise<SourceCatalog> => (bundled ??= loadBundledSource());

/**
 * Which data serves: the stored file when it was fetched on or after the day the bundled data was published
 * (an operator's refresh is as new as the source on that day), else the bundled data, which an upgrade of
 * Tollgate can make newer than an old refresh. A stored file that no longer validates (a release whose schema
 * it does not fit) is logged and the bundled data serves.
 */
async function chooseData(file: PriceSourceFile | undefined, log: AppLogger): Promise<SourceCatalog> {
  const fallback = await bundledCatalog();
  if (!file) return fallback;
  let stored: SourceCatalog;
  try {
    stored = catalogOfFile(file);
  } catch (error) {
    log.warn({ err: error, url: file.url, sha256: file.sha256 }, 'the stored price source file does not validate: the bundled price data serves');
    return fallback;
  }
  return stored.provenance.date >= fallback.provenance.date ? stored : fallback;
}

/** The price data in force for a process that starts now (the command line's view of what servers use). */
export async function dataInForce(db: Kysely<Database>, log: AppLogger): Promise<SourceCatalog> {
  return chooseData(await readStoredFile(db), log);
}

/**
 * Loads the stored file into this node's price sources: at start (after migrations) and whenever another node
 * or the command line applies one. Reads the database only, never the network; a database that cannot answer
 * (a slave started before the master migrated it) leaves the data in force and is logged.
 */
export function storedPriceSourceLoader(db: Kysely<Database>, priceSources: PriceSources, log: AppLogger): () => Promise<void> {
  return async () => {
    let file: PriceSourceFile | undefined;
    try {
      file = await readStoredFile(db);
    } catch (error) {
      log.warn({ err: error }, 'could not read the stored price source file: the price data in force stays');
      return;
    }
    const inForce = fileOf(priceSources.current);
    // This node applied it itself, or loaded it already.
    if (file && inForce?.sha256 === file.sha256) return;
    const chosen = await chooseData(file, log);
    // The bundled data already serves (bootstrap loads its own copy).
    if (!fileOf(chosen) && !inForce) return;
    priceSources.replace(chosen);
  };
}
