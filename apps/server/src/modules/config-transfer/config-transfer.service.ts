import { CONFIG_SECTIONS, type ConfigDiff, type ConfigDocumentInput, type ConfigImportResult } from '@tollgate/contract';
import type { Kysely } from 'kysely';
import type { CacheName } from '../../cluster/cache-sync.js';
import type { Dialect } from '../../db/dsn.js';
import type { Database } from '../../db/schema.js';
import type { BuiltInPriceCheck } from '../options/option-rules.js';
import type { OptionsStore } from '../../options/options.store.js';
import { exportDocument } from './config-export.js';
import { validateDocument } from './config-format.js';
import { recordImport, type ImportActor } from './import-trace.js';
import * as repo from './config-transfer.repository.js';
import { planChannels, type ChannelWrites } from './plan-channels.js';
import { planOptions } from './plan-options.js';
import { planUsers, type QuotaWrite } from './plan-users.js';

/** What the service needs: the server's context has it, and so has the command line. */
export interface ConfigTransferDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  options: OptionsStore;
  cacheSync: { changed(name: CacheName): Promise<void> };
  /** Whether a model has a built-in price, for options that name models (the server's price source; the table without it). */
  hasBuiltInPrice?: BuiltInPriceCheck;
}

export const exportConfig = (deps: ConfigTransferDeps, withKeys: boolean): Promise<ConfigDocumentInput> => exportDocument(deps.db, withKeys);

interface Plan {
  diff: ConfigDiff;
  channels?: ChannelWrites;
  options: Map<string, string>;
  quotas: QuotaWrite[];
}

/**
 * Validates the whole document (its shape, then every value against the database and the option rules),
 * answers the diff, and unless it is a dry run writes it in one transaction, with a log row of who imported what. Caches are invalidated on
 * every node afterwards, the way the channel, option and user routes do it.
 */
export async function importConfig(deps: ConfigTransferDeps, input: unknown, dryRun: boolean, actor: ImportActor): Promise<ConfigImportResult> {
  const document = validateDocument(input);
  const diff = Object.fromEntries(CONFIG_SECTIONS.map((section) => [section, { added: [], changed: [], removed: [] }])) as unknown as ConfigDiff;
  const plan: Plan = { diff, options: new Map(), quotas: [] };
  if (document.channels) {
    const channels = planChannels(document.channels, await repo.listChannelsById(deps.db));
    plan.channels = channels.writes;
    diff.channels = channels.diff;
  }
  const options = planOptions(document, await repo.storedOptions(deps.db), deps.hasBuiltInPrice);
  plan.options = options.writes;
  if (document.prices) diff.prices = options.diff.prices;
  if (document.groups) diff.groups = options.diff.groups;
  if (document.options) diff.options = options.diff.options;
  if (document.users) {
    const users = planUsers(document.users, await repo.usersByName(deps.db, document.users.map((user) => user.username)));
    plan.quotas = users.writes;
    diff.users = users.diff;
  }
  const channelWrites = plan.channels ? plan.channels.insert.length + plan.channels.update.length + plan.channels.remove.length : 0;
  const applied = !dryRun && channelWrites + plan.options.size + plan.quotas.length > 0;
  if (applied) await apply(deps, plan, actor);
  return { dry_run: dryRun, applied, diff };
}

async function apply(deps: ConfigTransferDeps, plan: Plan, actor: ImportActor): Promise<void> {
  const { channels, options, quotas, diff } = plan;
  await deps.db.transaction().execute(async (trx) => {
    if (channels) {
      for (const id of channels.remove) await repo.removeChannel(trx, id);
      for (const { id, patch } of channels.update) await repo.updateChannelWithAbilities(trx, id, patch);
      for (const channel of channels.insert) await repo.insertChannelWithAbilities(trx, deps.dialect, channel);
    }
    for (const [key, value] of options) await repo.writeOption(trx, key, value);
    for (const { id, quota } of quotas) await repo.setUserQuota(trx, id, quota);
    await recordImport(trx, actor, diff);
  });
  if (channels) await deps.cacheSync.changed('channels');
  if (options.size > 0) {
    await deps.options.reload();
    await deps.cacheSync.changed('options');
  }
  if (quotas.length > 0) await deps.cacheSync.changed('keys');
}
