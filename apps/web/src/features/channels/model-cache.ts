import { STORAGE_KEYS } from '@tollgate/contract';
import { readJson, writeJson } from '@/lib/storage/json-storage';

/** Channel type id -> the default model names of that type, as GET /api/models answers. */
export type ModelsByType = Record<string, string[]>;

let memory: ModelsByType | undefined;

/** Keeps a fresh answer of GET /api/models in memory and in local storage. */
export function cacheChannelModels(models: ModelsByType): void {
  memory = models;
  writeJson(STORAGE_KEYS.channelModels, models);
}

/** A type's default models: from memory, then local storage, otherwise none. */
export function channelModelsOf(type: number): string[] {
  const key = String(type);
  if (memory && key in memory) return memory[key] ?? [];
  const stored = readJson<ModelsByType>(STORAGE_KEYS.channelModels);
  if (!stored) return [];
  memory = stored;
  return stored[key] ?? [];
}

/** For tests: forget the in-memory copy. */
export function forgetChannelModels(): void {
  memory = undefined;
}
