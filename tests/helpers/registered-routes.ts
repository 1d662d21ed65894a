import type { FastifyInstance } from 'fastify';

/** Every route the server registered, as `METHOD /path` in Fastify's form (`/api/students/:id`);
 * HEAD, and methods no route of this server declares, left out. Read from Fastify's printout of its
 * router, the one listing of registered routes it offers once started. */
export function registeredRoutes(server: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of server.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    const path = stack.join('');
    for (const method of (match[3] ?? '').split(', ').filter((m) => ['GET', 'POST', 'PUT', 'DELETE'].includes(m))) {
      routes.push(`${method} ${path}`);
    }
  }
  return routes;
}
