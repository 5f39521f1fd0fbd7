import { ApiError, fail } from '../../../http/errors.js';
import type { UpstreamTarget } from '../../../providers/adaptor.js';
import { credentialsOf, isApiKey, type BedrockAuth } from '../../../providers/aws/credentials.js';
import { signedHeaders } from '../../../providers/aws/sigv4.js';
import type { GetJson } from './listing-get.js';
import { allPages, listField, textField, type ModelLister } from './model-lister.js';

/**
 * Bedrock's control plane (`bedrock.<region>`, beside the `bedrock-runtime` the relay calls): the region's
 * foundation models that can be called by id (on demand) and answer text or embeddings, and the inference
 * profiles (`us.anthropic.…`) through which the newer models are called.
 * Docs: https://docs.aws.amazon.com/bedrock/latest/APIReference/API_ListFoundationModels.html,
 * https://docs.aws.amazon.com/bedrock/latest/APIReference/API_ListInferenceProfiles.html
 */
const SERVED_OUTPUTS = ['TEXT', 'EMBEDDING'];

/** A channel's endpoint is its runtime's (a VPC endpoint, a proxy, a test's fake); the control plane is its sibling. */
const controlPlane = (target: UpstreamTarget, region: string) =>
  target.baseUrl ? target.baseUrl.replace(/\/+$/, '').replace('//bedrock-runtime.', '//bedrock.') : `https://bedrock.${region}.amazonaws.com`;

async function authenticated(url: string, auth: BedrockAuth): Promise<Record<string, string>> {
  if (isApiKey(auth)) return { authorization: `Bearer ${auth.apiKey}` };
  // The client sets Host itself; the signature covers the same value.
  const { host: _setByClient, ...headers } = await signedHeaders({ method: 'GET', url, headers: { accept: 'application/json' }, body: '', credentials: auth });
  return headers;
}

const includes = (entry: Record<string, unknown>, field: string, wanted: readonly string[]) => {
  const values = entry[field];
  return Array.isArray(values) && values.some((value) => wanted.includes(String(value)));
};

async function foundationModels(base: string, auth: BedrockAuth, get: GetJson): Promise<string[]> {
  const url = `${base}/foundation-models`;
  const summaries = listField(await get(url, await authenticated(url, auth)), 'modelSummaries', url);
  return summaries.filter((model) => includes(model, 'inferenceTypesSupported', ['ON_DEMAND']) && includes(model, 'outputModalities', SERVED_OUTPUTS)).map((model) => textField(model, 'modelId'));
}

async function inferenceProfiles(base: string, auth: BedrockAuth, get: GetJson): Promise<string[]> {
  return allPages(async (token) => {
    const url = `${base}/inference-profiles?maxResults=1000${token ? `&nextToken=${encodeURIComponent(token)}` : ''}`;
    const answer = await get(url, await authenticated(url, auth));
    const ids = listField(answer, 'inferenceProfileSummaries', url)
      .filter((profile) => textField(profile, 'status') !== 'INACTIVE')
      .map((profile) => textField(profile, 'inferenceProfileId'));
    return { ids, next: textField(answer, 'nextToken') || undefined };
  });
}

/** A key allowed to list models but not profiles (a narrow IAM policy) still lists its models. */
const deniedOnly = (error: unknown) => error instanceof ApiError && error.code === 'channel.models_refused' && error.params.status === 403;

export const listBedrockModels: ModelLister = async (target, get) => {
  const auth = credentialsOf(target);
  if (!auth) throw fail('channel.models_aws_key_invalid');
  const base = controlPlane(target, auth.region);
  const [models, profiles] = await Promise.all([
    foundationModels(base, auth, get),
    inferenceProfiles(base, auth, get).catch((error: unknown) => {
      if (deniedOnly(error)) return [];
      throw error;
    }),
  ]);
  return [...models, ...profiles];
};
