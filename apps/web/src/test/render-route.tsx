import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { routes as appRoutes } from '@/app/router/routes';
import { StatusContext } from '@/app/status/status-context';
import type { ConsoleStatus } from '@/lib/storage/status-storage';

/**
 * Renders the console's route table (or given routes) at `path`, with a fresh query client. The server
 * status the pages see is `status` (the app's StatusProvider, which fetches it, is not part of the routes).
 */
export function renderRoute(path: string, routes: RouteObject[] = appRoutes, status: ConsoleStatus = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <StatusContext value={status}>
        <RouterProvider router={router} />
      </StatusContext>
    </QueryClientProvider>,
  );
  return router;
}
