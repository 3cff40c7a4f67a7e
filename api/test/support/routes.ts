import type { NestExpressApplication } from '@nestjs/platform-express';

export interface RegisteredRoute {
  method: string;
  path: string;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

/**
 * Every route the API registered, read from the Express router itself. Nest registers each
 * controller method as a route of one HTTP method; middleware shows up as a route of every
 * method, and is left out.
 */
export function registeredRoutes(app: NestExpressApplication): RegisteredRoute[] {
  const server = app.getHttpAdapter().getInstance() as { router: { stack: Layer[] } };
  return server.router.stack
    .filter((layer) => layer.route?.path.startsWith('/api'))
    .map((layer) => ({ path: layer.route!.path, methods: Object.keys(layer.route!.methods).filter((m) => m !== '_all') }))
    .filter(({ methods }) => methods.length === 1)
    .map(({ path, methods }) => ({ method: methods[0].toUpperCase(), path }));
}

/** A concrete URL for a route pattern: every `:param` filled with a plausible value. */
export function concretePath(path: string): string {
  return path.replace(/:(\w+)/g, (_m, name: string) =>
    name.toLowerCase().includes('id') ? '00000000-0000-4000-8000-000000000000' : 'sample',
  );
}
