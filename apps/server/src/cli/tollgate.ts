import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigTransferTexts } from '@tollgate/contract';
import { ConfigError, loadConfig } from '../config.js';
import { ApiError } from '../http/errors.js';
import { formatDocument, parseDocumentText } from '../modules/config-transfer/config-format.js';
import { exportConfig, importConfig } from '../modules/config-transfer/config-transfer.service.js';
import { commandLineActor } from '../modules/config-transfer/import-trace.js';
import { openCliDatabase, type CliDatabase } from './cli-database.js';
import { CliError } from './cli-error.js';
import { diffText } from './diff-text.js';
import { importOneApi } from './one-api-import.js';
import { pricesUpdate, stderrLog } from './prices-update.js';
import { resetTwoFactor } from './two-factor-reset.js';
import { hasBuiltInPrice } from '../relay/billing/built-in-price.js';
import { dataInForce } from '../modules/prices/stored-price-source.js';

const USAGE = `usage: npm run tollgate -- <command>
  export [--keys] [--format json|yaml] [--out FILE]   the configuration as one document (stdout without --out)
  import FILE [--dry-run]                               print the diff, then apply it (--dry-run: only print it)
  import-one-api --from SQLITE_FILE|DSN                 copy a one-api database into this (empty) database
  prices update [--yes] [--dry-run]                     fetch the price source's current file (PRICE_SOURCE_URL), print
                                                        what it changes, apply it after a y/N question (--yes: at once)
  two-factor reset --user USERNAME                      turn off a user's two-factor sign-in (root who lost the phone
                                                        and the recovery codes)
The database is the server's: SQL_DSN, or SQLITE_PATH.`;

class UsageError extends Error {}

/**
 * The `tollgate` command line: the same service code as /api/config, against the database the server's
 * environment names. Messages go to stderr, documents to stdout or --out.
 */
async function main(argv: string[]): Promise<void> {
  const { values, positionals } = readArguments(argv);
  const [command, file, ...extra] = positionals;
  if (values.help || !command) throw new UsageError('');
  if (extra.length > 0) throw new UsageError(`unexpected argument: ${extra[0]}`);
  const config = loadConfig();
  if (command === 'import-one-api') {
    if (!values.from) throw new UsageError('import-one-api needs --from SQLITE_FILE|DSN');
    await importOneApi(config, values.from, process.stderr);
    return;
  }
  if (command === 'prices') {
    if (file !== 'update') throw new UsageError(file ? `unknown prices command: ${file}` : 'prices needs a command: update');
    await pricesUpdate(config, { yes: values.yes === true, dryRun: values['dry-run'] === true });
    return;
  }
  if (command === 'two-factor') {
    if (file !== 'reset') throw new UsageError(file ? `unknown two-factor command: ${file}` : 'two-factor needs a command: reset');
    const username = values.user;
    if (!username) throw new UsageError('two-factor reset needs --user USERNAME');
    process.stdout.write(`${await withDatabase(config, (database) => resetTwoFactor(database.db, username))}\n`);
    return;
  }
  if (command === 'export') {
    const format = values.format ?? 'json';
    if (format !== 'json' && format !== 'yaml') throw new UsageError('--format must be json or yaml');
    const text = await withDatabase(config, async (db) => formatDocument(await exportConfig(db, values.keys === true), format));
    if (values.keys) process.stderr.write(`warning: ${ConfigTransferTexts.keysWarning}\n`);
    if (values.out) {
      fs.writeFileSync(values.out, text, { mode: values.keys ? 0o600 : 0o644 });
      // The mode above applies only to a new file: an existing one is narrowed too when it receives keys.
      if (values.keys) fs.chmodSync(values.out, 0o600);
    } else process.stdout.write(text);
    return;
  }
  if (command === 'import') {
    if (!file) throw new UsageError('import needs the document file');
    const document = parseDocumentText(fs.readFileSync(file, 'utf8'));
    const actor = commandLineActor(file);
    await withDatabase(config, async (database) => {
      // Options naming models (ModelPriceTiers) are checked against the prices the servers use.
      const inForce = await dataInForce(database.db, stderrLog);
      const db = { ...database, hasBuiltInPrice: (model: string) => hasBuiltInPrice(inForce, model) };
      // The diff is computed and printed first; the import then validates and writes it in one transaction.
      const preview = await importConfig(db, document, true, actor);
      process.stdout.write(diffText(preview.diff));
      if (values['dry-run']) return process.stdout.write('dry run: nothing written\n');
      const result = await importConfig(db, document, false, actor);
      process.stdout.write(result.applied ? 'imported\n' : 'nothing to change\n');
    });
    return;
  }
  throw new UsageError(`unknown command: ${command}`);
}

function readArguments(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: { keys: { type: 'boolean' }, format: { type: 'string' }, out: { type: 'string' }, 'dry-run': { type: 'boolean' }, yes: { type: 'boolean', short: 'y' }, from: { type: 'string' }, user: { type: 'string' }, help: { type: 'boolean' } },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

async function withDatabase<T>(config: ReturnType<typeof loadConfig>, run: (db: CliDatabase) => Promise<T>): Promise<T> {
  const db = await openCliDatabase(config);
  try {
    return await run(db);
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message ? `${error.message}\n` : ''}${USAGE}\n`);
      process.exit(2);
    }
    const known = error instanceof ApiError || error instanceof ConfigError || error instanceof CliError || (error instanceof Error && 'code' in error && error.code === 'ENOENT');
    process.stderr.write(`error: ${known ? (error as Error).message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
