/**
 * Gemini's ListModels and Model answers for the models a key may use. Tollgate knows only the names, so
 * a model says what it is called and which methods it serves; the token limits Google publishes are left
 * out rather than guessed. Docs: https://ai.google.dev/api/models#Model
 */
export interface GeminiModel {
  name: string;
  baseModelId: string;
  version: string;
  displayName: string;
  supportedGenerationMethods: string[];
}

const GENERATION = ['generateContent', 'streamGenerateContent', 'countTokens'];
const EMBEDDING = ['embedContent', 'batchEmbedContents'];

export const geminiModel = (name: string): GeminiModel => ({
  name: `models/${name}`,
  baseModelId: name,
  version: '001',
  displayName: name,
  supportedGenerationMethods: /embed/i.test(name) ? EMBEDDING : GENERATION,
});

/** ListModelsResponse: every model at once, so no nextPageToken. */
export const geminiModelList = (names: readonly string[]) => ({ models: names.map(geminiModel) });
