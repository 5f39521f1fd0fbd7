import type { FastifyPluginAsync } from 'fastify';
import { channelType } from '@tollgate/contract';
import type { AppContext } from '../context.js';
import { describeRoutes } from '../http/openapi/route-description.js';
import { anthropicModel, anthropicModelList } from '../providers/anthropic/ingress/model-list.js';
import { anthropicProtocol } from '../providers/anthropic/ingress/protocol.js';
import { authenticate } from './auth/authenticate.js';
import { RelayError } from './relay-error.js';

/** One-api answered with this fixed creation time for every model. */
const CREATED = 1626777600;

const modelObject = (id: string, ownedBy: string) => ({
  id,
  object: 'model',
  created: CREATED,
  owned_by: ownedBy,
  permission: [
    {
      id: `modelperm-${id}`,
      object: 'model_permission',
      created: CREATED,
      allow_create_engine: true,
      allow_sampling: true,
      allow_logprobs: true,
      allow_search_indices: false,
      allow_view: true,
      allow_fine_tuning: false,
      organization: '*',
      group: null,
      is_blocking: false,
    },
  ],
  root: id,
  parent: null,
});

const doc = describeRoutes({ tag: 'OpenAI', auth: 'anthropic-key', description: 'In Anthropic\'s shape when the request has an `anthropic-version` header.' });

/** GET /v1/models and /v1/models/:model: what this key may use (its allowlist, else its group's models). */
export const modelsRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const visibleModels = async (authorization: string | undefined, ip: string) => {
    const { record } = await authenticate(ctx.relay.keys, authorization, ip);
    const table = ctx.relay.channels.table;
    const names = record.models ? [...record.models].sort() : table.models(record.group);
    return names.map((name) => {
      const owner = table.owner(record.group, name);
      return modelObject(name, owner ? (channelType(owner.type)?.label ?? 'custom') : 'custom');
    });
  };

  // Anthropic's clients (the SDKs' models.list, Claude Code) send anthropic-version, and may send their key in x-api-key.
  app.get('/models', doc('The models this key may use'), async (request) => {
    if (!request.headers['anthropic-version']) return { object: 'list', data: await visibleModels(request.headers.authorization, request.ip) };
    const models = await visibleModels(anthropicProtocol.credential(request.headers, {}), request.ip);
    return anthropicModelList(models.map((model) => model.id));
  });

  app.get('/models/:model', doc('A model this key may use'), async (request) => {
    const { model } = request.params as { model: string };
    const anthropic = request.headers['anthropic-version'] !== undefined;
    const credential = anthropic ? anthropicProtocol.credential(request.headers, {}) : request.headers.authorization;
    const found = (await visibleModels(credential, request.ip)).find((m) => m.id === model);
    if (!found) throw new RelayError(404, `The model '${model}' does not exist`, 'model_not_found', 'invalid_request_error', 'model');
    return anthropic ? anthropicModel(found.id) : found;
  });
};
