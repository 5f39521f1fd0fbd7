import type { UpstreamTarget } from '../adaptor.js';

/**
 * What a Vertex channel authenticates with: the service-account key JSON of its config
 * (`vertex_ai_adc`), or, for a channel created with the key in the key field, that key. The project is
 * the config's `vertex_ai_project_id`, else the key's own `project_id`.
 */
export const credentialsOf = (target: UpstreamTarget): string => target.config.vertex_ai_adc?.trim() || (target.key.trim().startsWith('{') ? target.key.trim() : '');

export function projectIdOf(target: UpstreamTarget): string {
  const configured = target.config.vertex_ai_project_id?.trim();
  if (configured) return configured;
  try {
    const projectId = (JSON.parse(credentialsOf(target)) as { project_id?: unknown }).project_id;
    return typeof projectId === 'string' ? projectId.trim() : '';
  } catch {
    return '';
  }
}
