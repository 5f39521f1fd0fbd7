import type { FastifyInstance } from 'fastify';
import type { HiddenRoute, RouteDescription } from './route-description.js';

/** A route as Fastify registered it, with the description its options carried (none: undescribed). */
export interface RegisteredRoute {
  method: string;
  /** Fastify's path, prefixes included: `/api/token/:id`. */
  url: string;
  description?: RouteDescription | HiddenRoute;
}

/**
 * Every route the app registers, collected by an onRoute hook added before the first one: the OpenAPI
 * document is generated from this list, not from a list of its own, so it cannot leave a route out.
 * HEAD routes are Fastify's twins of the GET routes and are left out.
 */
export class RouteCatalog {
  private readonly collected: RegisteredRoute[] = [];

  static collecting(app: FastifyInstance): RouteCatalog {
    const catalog = new RouteCatalog();
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') catalog.collected.push({ method, url: route.url, description: route.config?.openapi });
      }
    });
    return catalog;
  }

  get routes(): readonly RegisteredRoute[] {
    return this.collected;
  }
}
