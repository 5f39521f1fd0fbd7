import type { JsonObject } from '../request-body.js';
import type { ResponsesTool } from './request-types.js';

/**
 * How a converted request names the client's tools upstream, and back. Function tools keep their names;
 * the tools of a `namespace` (a group of function and custom tools, such as Codex's `multi_agent_v1`) are
 * offered to the upstream as functions named `<namespace>__<name>`, and a call of one goes back to the client
 * with its own name and its namespace; custom tools (free-text input) go back as custom_tool_calls.
 * Docs: https://platform.openai.com/docs/api-reference/responses/create#responses-create-tools
 */
export const namespacedName = (namespace: string, name: string) => `${namespace}__${name}`;

export interface ClientToolName {
  name: string;
  namespace?: string;
}

export class ClientToolNames {
  private readonly custom = new Set<string>();
  private readonly namespaced = new Map<string, ClientToolName>();

  /** The names the client's request declared. */
  static of(client: JsonObject): ClientToolNames {
    const names = new ClientToolNames();
    const tools = Array.isArray(client.tools) ? (client.tools as ResponsesTool[]) : [];
    for (const tool of tools) {
      if (tool.type === 'custom' && typeof tool.name === 'string') names.custom.add(tool.name);
      if (tool.type !== 'namespace' || typeof tool.name !== 'string' || !Array.isArray(tool.tools)) continue;
      for (const inner of tool.tools) {
        if (typeof inner?.name !== 'string') continue;
        const upstream = namespacedName(tool.name, inner.name);
        names.namespaced.set(upstream, { name: inner.name, namespace: tool.name });
        if (inner.type === 'custom') names.custom.add(upstream);
      }
    }
    return names;
  }

  /** Whether a call of this upstream name answers a custom tool (its input is text, not JSON arguments). */
  isCustom(upstreamName: string): boolean {
    return this.custom.has(upstreamName);
  }

  /** The tool an upstream call names, as the client declared it. */
  client(upstreamName: string): ClientToolName {
    return this.namespaced.get(upstreamName) ?? { name: upstreamName };
  }
}
