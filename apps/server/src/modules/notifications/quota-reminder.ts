import type { Kysely } from 'kysely';
import type { AppLogger } from '../../observability/app-logger.js';
import type { Database } from '../../db/schema.js';
import { quotaText } from '../../lib/quota-text.js';
import type { OptionsStore } from '../../options/options.store.js';
import { quotaReminderMail } from '../mail/mail-templates.js';
import { canSendMail, sendMail, type MailSettings } from '../mail/mailer.js';

export interface ReminderDeps extends MailSettings {
  db: Kysely<Database>;
  options: OptionsStore;
  log: AppLogger;
}

type Crossing = 'low' | 'exhausted' | undefined;

/** Which line a balance crossed going from `before` to `after`: running out wins over running low. */
export function crossingOf(before: number, after: number, threshold: number): Crossing {
  if (before > 0 && after <= 0) return 'exhausted';
  if (before > threshold && after <= threshold) return 'low';
  return undefined;
}

/**
 * Mails users whose quota crossed QuotaRemindThreshold or ran out in one settled batch. It is fed by the
 * usage writer after each flush with what each user was charged in it: the balance before the batch is the
 * balance now plus those charges, so a crossing shows in exactly the one batch whose charges made it, and
 * is mailed once without remembering anything. Charges settled at the same moment on another node are not
 * in this node's batch, so two nodes racing across the line may each see half of it and mail nobody.
 */
export class QuotaReminder {
  constructor(private readonly deps: ReminderDeps) {}

  async check(charges: ReadonlyMap<number, number>): Promise<void> {
    const { db, options } = this.deps;
    const ids = [...charges].filter(([, charged]) => charged > 0).map(([id]) => id);
    if (ids.length === 0 || !canSendMail(options)) return;
    const threshold = options.num('QuotaRemindThreshold');
    const rows = await db.selectFrom('users').select(['id', 'email', 'quota']).where('id', 'in', ids).execute();
    for (const row of rows) {
      const crossing = crossingOf(Number(row.quota) + (charges.get(row.id) ?? 0), Number(row.quota), threshold);
      if (crossing && row.email) await this.remind(row.email, crossing, Number(row.quota));
    }
  }

  private async remind(email: string, crossing: 'low' | 'exhausted', quota: number): Promise<void> {
    const { options, log } = this.deps;
    const title = crossing === 'exhausted' ? 'your quota has run out' : 'your quota is running low';
    const link = `${options.str('ServerAddress').trim().replace(/\/+$/, '')}/topup`;
    try {
      await sendMail(this.deps, quotaReminderMail(options.str('SystemName'), email, title, quotaText(Math.max(quota, 0), options), link));
    } catch (error) {
      log.warn({ err: error, email }, 'could not send a quota reminder');
    }
  }
}
