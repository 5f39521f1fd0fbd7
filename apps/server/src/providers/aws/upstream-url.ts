/**
 * The InvokeModel and Converse URLs (reference providers.md 5.1). The model id goes into the path percent-encoded
 * once (`:` as %3A, an ARN's `/` as %2F); the signer encodes the path again for the canonical request.
 */
export const defaultBaseUrl = (region: string) => `https://bedrock-runtime.${region}.amazonaws.com`;

export function invokeUrl(baseUrl: string, modelId: string, stream: boolean, api: 'invoke' | 'converse' = 'invoke'): string {
  const operation = api === 'converse' ? (stream ? 'converse-stream' : 'converse') : stream ? 'invoke-with-response-stream' : 'invoke';
  return `${baseUrl.replace(/\/+$/, '')}/model/${encodeURIComponent(modelId)}/${operation}`;
}
