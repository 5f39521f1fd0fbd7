import type { FastifyPluginAsync } from 'fastify';
import { isSecretOption, UpdateOptionRequestSchema, type OptionItem } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { requireAdmin } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { ApiError } from '../../http/errors.js';
import { parseOrFail } from '../users/users.service.js';
import { OPTION_DEFAULTS } from '../../options/option-defaults.js';
import { hasBuiltInPrice } from '../../relay/billing/built-in-price.js';
import { checkOption } from './option-rules.js';

/**
 * /api/option: the settings tabs. Admins may use it as well as root (the spec lets administrators manage
 * options and ratios; one-api limited it to root). Secrets are write-only.
 */
const doc = describeRoutes({ tag: 'Options', auth: 'admin' });

export const optionRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.addHook('preHandler', requireAdmin(ctx));

  app.get('/', doc('Every option', { description: 'Secret options (keys, passwords) are sent empty.' }), async () => {
    // Only known keys: a row left by another program could hold anything, including a secret.
    const items: OptionItem[] = [...ctx.options.all()]
      .filter(([key]) => Object.hasOwn(OPTION_DEFAULTS, key))
      .map(([key, value]) => ({ key, value: isSecretOption(key) ? '' : value }))
      .sort((a, b) => a.key.localeCompare(b.key));
    return ok(items);
  });

  app.put('/', doc('Set an option', { body: UpdateOptionRequestSchema, description: 'A value its option cannot take is refused with a 400.' }), async (request) => {
    const { key, value } = parseOrFail(UpdateOptionRequestSchema, request.body);
    const checked = checkOption(key, value, (other) => ctx.options.str(other), (model) => hasBuiltInPrice(ctx.relay.priceSources.current, model));
    // A value its option cannot take (a price that is not a number, a negative ratio) is bad input: 400.
    if (!checked.ok) throw new ApiError(checked.message.code, checked.message.params, 400);
    await ctx.options.set(key, checked.value);
    await ctx.cacheSync.changed('options');
    return ok(undefined);
  });
};
