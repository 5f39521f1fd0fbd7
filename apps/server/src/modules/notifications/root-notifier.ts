import { Role, UserStatus } from '@tollgate/contract';
import type { Kysely } from 'kysely';
import type { AppLogger } from '../../observability/app-logger.js';
import type { Database } from '../../db/schema.js';
import type { OptionsStore } from '../../options/options.store.js';
import { notificationMail } from '../mail/mail-templates.js';
import { canSendMail, sendMail, type MailSettings } from '../mail/mailer.js';

export interface NotifierDeps extends MailSettings {
  db: Kysely<Database>;
  options: OptionsStore;
  log: AppLogger;
}

/**
 * Tells root about channel events: the message pusher first, the root user's email when the pusher is not
 * set or fails, and a log line when neither can deliver. It never throws: a notice must not break its caller.
 */
export function createRootNotifier(deps: NotifierDeps): (title: string, content: string) => Promise<void> {
  return async (title, content) => {
    if (await pushMessage(deps, title, content)) return;
    if (await mailRoot(deps, title, content)) return;
    deps.log.warn({ title, content }, 'root notification (no message pusher or email could deliver it)');
  };
}

async function pushMessage({ options, log }: NotifierDeps, title: string, content: string): Promise<boolean> {
  const address = options.str('MessagePusherAddress').trim();
  if (!address) return false;
  try {
    const response = await fetch(address, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title, description: content, content, token: options.str('MessagePusherToken') }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json()) as { success?: unknown; message?: unknown };
    if (body.success === true) return true;
    log.warn({ message: body.message }, 'the message pusher refused a root notification');
  } catch (error) {
    log.warn({ err: error }, 'the message pusher could not be reached');
  }
  return false;
}

async function mailRoot(deps: NotifierDeps, title: string, content: string): Promise<boolean> {
  const { db, options, log } = deps;
  if (!canSendMail(options)) return false;
  try {
    const root = await db.selectFrom('users').select('email').where('role', '=', Role.Root).where('status', '=', UserStatus.Enabled).orderBy('id').executeTakeFirst();
    if (!root?.email) return false;
    await sendMail(deps, notificationMail(options.str('SystemName'), root.email, title, content));
    return true;
  } catch (error) {
    log.warn({ err: error }, 'could not mail a root notification');
    return false;
  }
}
