import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { cacheChannelModels, type ModelsByType } from '../model-cache';

/** GET /api/models: each channel type's default models, cached for the form's "fill type models". */
export function useModelsByType() {
  return useQuery({
    queryKey: ['models-by-type'],
    queryFn: async () => {
      const models = await api.get<ModelsByType>('/api/models');
      cacheChannelModels(models);
      return models;
    },
    staleTime: Infinity,
  });
}

/**
 * GET /api/channel/models: every model the gateway knows, in OpenAI's list shape ({data: [{id}]}). As in
 * one-api's console only `data[].id` is read, so a server that omits `success` still fills the picker.
 */
export function useAllModels() {
  return useQuery({
    queryKey: ['channel-models'],
    queryFn: async () => ((await request<{ id: string }[]>('GET', '/api/channel/models')).data ?? []).map((model) => model.id),
    staleTime: Infinity,
  });
}
