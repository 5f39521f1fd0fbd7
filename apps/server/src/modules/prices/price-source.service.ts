import type { Kysely } from 'kysely';
import { LogType, logPhrase, type PriceSourceDiff, type PriceSourceInfo, type PriceSourcePreview } from '@tollgate/contract';
import type { CacheSync } from '../../cluster/cache-sync.js';
import type { AppContext } from '../../context.js';
import type { AppLogger } from '../../observability/app-logger.js';
import type { Database } from '../../db/schema.js';
import { fail } from '../../http/errors.js';
import type { PriceSources } from '../../relay/billing/price-source/price-sources.js';
import type { SourceCatalog } from '../../relay/billing/price-source/source-catalog.js';
import { recordLog } from '../logs/logs.repository.js';
import { fetchPriceSourceFile, PRICE_SOURCE_TIMEOUT_MS, type PriceSourceFetchOptions } from './fetch-price-source.js';
import { diffPriceData } from './price-source-diff.js';
import { storeFile } from './price-source-file.repository.js';
import { PreviewedFiles, type CheckedFile } from './previewed-files.js';
import { catalogOfFile, fileOf } from './stored-price-source.js';

export interface PriceSourceDeps {
  db: Kysely<Database>;
  cacheSync: Pick<CacheSync, 'changed'>;
  /** The data in force on this node (the command line builds one from the database). */
  priceSources: PriceSources;
  options: { num(key: string): number };
  log: AppLogger;
  fetch: PriceSourceFetchOptions;
}

/** Who applied a file: its log row is theirs, and its text names them. */
export interface PriceSourceActor {
  userId: number;
  username: string;
  label: string;
  /** Manage for a person's apply, System for the scheduled refresh's. */
  logType: number;
}

export interface CheckedUpdate extends CheckedFile {
  /** What applying the file changes in the prices in force now. */
  diff: PriceSourceDiff;
}

export const priceSourceDeps = (ctx: AppContext): PriceSourceDeps => ({
  db: ctx.db,
  cacheSync: ctx.cacheSync,
  priceSources: ctx.relay.priceSources,
  options: ctx.options,
  log: ctx.log,
  fetch: { url: ctx.config.PRICE_SOURCE_URL, proxy: ctx.config.RELAY_PROXY, timeoutMs: PRICE_SOURCE_TIMEOUT_MS },
});

const modelCount = (catalog: SourceCatalog): number => catalog.providers.reduce((sum, provider) => sum + provider.models.length, 0);

/**
 * Refreshing the price source without a release: download the source's current file, check it whole, show
 * what it changes, and apply it (stored for every node, served here at once). A file is applied whole or not
 * at all: a download that fails or does not validate leaves the prices in force and names what is wrong.
 */
export class PriceSourceUpdates {
  private readonly previews = new PreviewedFiles();

  constructor(private readonly deps: PriceSourceDeps) {}

  info(): PriceSourceInfo {
    const { current } = this.deps.priceSources;
    const file = fileOf(current);
    return {
      name: current.provenance.name,
      date: current.provenance.date,
      ...(current.provenance.url ? { url: current.provenance.url } : {}),
      ...(file ? { fetched_at: file.fetchedAt, sha256: file.sha256 } : {}),
      models: modelCount(current),
      refresh_hours: this.deps.options.num('PriceSourceRefreshHours'),
      source_url: this.deps.fetch.url,
    };
  }

  /** Downloads the source's file and checks it whole, with what it would change in the prices in force. */
  async check(): Promise<CheckedUpdate> {
    const file = await fetchPriceSourceFile(this.deps.fetch);
    const catalog = catalogOfFile(file);
    return { file, catalog, diff: diffPriceData(this.deps.priceSources.current, catalog, new Date()) };
  }

  /** A checked download and its diff; kept a few minutes so that applying it needs no second download. */
  async preview(): Promise<PriceSourcePreview> {
    const checked = await this.check();
    this.previews.keep(checked);
    const { file, catalog, diff } = checked;
    return { sha256: file.sha256, url: file.url, fetched_at: file.fetchedAt, name: catalog.provenance.name, date: catalog.provenance.date, models: modelCount(catalog), diff };
  }

  /**
   * Applies the previewed file of that hash. A node that did not preview it (another node, or too long ago)
   * downloads the file again and applies it only if it is still the same file.
   */
  async apply(sha256: string, actor: PriceSourceActor): Promise<PriceSourceInfo> {
    let checked: CheckedFile | undefined = this.previews.find(sha256);
    if (!checked) {
      checked = await this.check();
      if (checked.file.sha256 !== sha256) throw fail('price_source.changed_since_preview', { sha256: checked.file.sha256 });
    }
    await this.applyChecked(checked, actor);
    return this.info();
  }

  /** Stores the file with its trace in one transaction, serves it on this node, and tells the others. */
  async applyChecked({ file, catalog }: CheckedFile, actor: PriceSourceActor): Promise<PriceSourceDiff> {
    const { db, priceSources, cacheSync, log } = this.deps;
    const diff = diffPriceData(priceSources.current, catalog, new Date());
    const { added, changed, removed } = diff.counts;
    const summary = `${added} models added, ${changed} changed, ${removed} removed`;
    await db.transaction().execute(async (trx) => {
      await storeFile(trx, file);
      const content = logPhrase('priceSourceApplied', { actor: actor.label, date: catalog.provenance.date, url: file.url, sha: file.sha256.slice(0, 12), summary });
      await recordLog(trx, { userId: actor.userId, username: actor.username, type: actor.logType, content });
    });
    priceSources.replace(catalog);
    await cacheSync.changed('prices');
    log.info({ url: file.url, sha256: file.sha256, by: actor.username, ...diff.counts }, `price source file applied: ${summary}`);
    return diff;
  }
}

export const SCHEDULE_ACTOR: PriceSourceActor = { userId: 0, username: 'tollgate-schedule', label: logPhrase('scheduledRefresh'), logType: LogType.System };
export const COMMAND_LINE_ACTOR: PriceSourceActor = { userId: 0, username: 'tollgate-cli', label: logPhrase('commandLine'), logType: LogType.Manage };
export const administratorActor = (user: { id: number; username: string }): PriceSourceActor => ({ userId: user.id, username: user.username, label: logPhrase('administrator', { admin: user.username }), logType: LogType.Manage });
