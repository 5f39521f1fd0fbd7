import readline from 'node:readline/promises';
import type { Config } from '../config.js';
import type { AppLogger } from '../observability/app-logger.js';
import { PRICE_SOURCE_TIMEOUT_MS } from '../modules/prices/fetch-price-source.js';
import { COMMAND_LINE_ACTOR, PriceSourceUpdates } from '../modules/prices/price-source.service.js';
import { dataInForce, fileOf } from '../modules/prices/stored-price-source.js';
import { PriceSources } from '../relay/billing/price-source/price-sources.js';
import { openCliDatabase } from './cli-database.js';
import { CliError } from './cli-error.js';
import { priceDiffText } from './price-diff-text.js';

export interface PricesUpdateFlags {
  /** Apply without asking. */
  yes: boolean;
  /** Only print what would change. */
  dryRun: boolean;
}

/** The command line's log: warnings (a stored file that no longer validates) to stderr, the rest unsaid. */
export const stderrLog: AppLogger = {
  info: () => undefined,
  warn: (obj, msg) => void process.stderr.write(`warning: ${msg ?? String(obj)}\n`),
  error: (obj, msg) => void process.stderr.write(`error: ${msg ?? String(obj)}\n`),
};

/**
 * `tollgate prices update`: downloads the source's file (PRICE_SOURCE_URL, through RELAY_PROXY), prints what it
 * changes in the prices the servers use, and applies it to the server's database after a y/N question, or at
 * once with --yes. Running servers load it at their next cache poll. A file that fails or does not validate
 * is refused naming what is wrong, and nothing is written.
 */
export async function pricesUpdate(config: Config, flags: PricesUpdateFlags): Promise<void> {
  const database = await openCliDatabase(config);
  try {
    const priceSources = new PriceSources(await dataInForce(database.db, stderrLog));
    const updates = new PriceSourceUpdates({
      db: database.db,
      cacheSync: database.cacheSync,
      priceSources,
      options: database.options,
      log: stderrLog,
      fetch: { url: config.PRICE_SOURCE_URL, proxy: config.RELAY_PROXY, timeoutMs: PRICE_SOURCE_TIMEOUT_MS },
    });
    const inForce = priceSources.current.provenance;
    process.stdout.write(`in force: ${inForce.name} (${inForce.date})\n`);
    const checked = await updates.check();
    const fetched = checked.catalog.provenance;
    process.stdout.write(`fetched: ${fetched.name} (${fetched.date}) from ${checked.file.url}, sha256 ${checked.file.sha256}\n`);
    process.stdout.write(priceDiffText(checked.diff));
    if (fileOf(priceSources.current)?.sha256 === checked.file.sha256) return void process.stdout.write('nothing to change: this file is in force\n');
    if (flags.dryRun) return void process.stdout.write('dry run: nothing written\n');
    if (!flags.yes && !(await confirmed())) return void process.stdout.write('not applied\n');
    await updates.applyChecked(checked, COMMAND_LINE_ACTOR);
    process.stdout.write('applied: running servers load it at their next cache poll\n');
  } finally {
    await database.close();
  }
}

/** Asks on a terminal; a script (stdin not a terminal) must say --yes or --dry-run, never hang on a question. */
async function confirmed(): Promise<boolean> {
  if (!process.stdin.isTTY) throw new CliError('not applied: pass --yes to apply without a question, or --dry-run to only print the changes');
  const prompt = readline.createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await prompt.question('apply these prices? [y/N] ')).trim());
  } finally {
    prompt.close();
  }
}
