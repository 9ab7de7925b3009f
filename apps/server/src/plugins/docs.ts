import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildOpenApi } from '../lib/http/openapi';
import type { AnyRoute } from '../lib/http/route';

const asset = (name: string) => readFileSync(new URL(`./docs-viewer/${name}`, import.meta.url), 'utf8');

/**
 * `/api/docs/openapi.json` and a small viewer at `/api/docs` (docs/deploy.md). The viewer is a
 * static page with an external script and style sheet, so it runs under the app's CSP unchanged
 * (scripts from 'self' only, no inline script).
 */
export async function docsPlugin(app: FastifyInstance, options: { routes: AnyRoute[] }) {
  let document: string | null = null;
  const page = asset('index.html');
  const script = asset('viewer.js');
  const style = asset('viewer.css');

  app.get('/api/docs/openapi.json', async (_request, reply) => {
    document ??= JSON.stringify(buildOpenApi(options.routes));
    return reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
  });
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page));
  app.get('/api/docs/viewer.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
  );
  app.get('/api/docs/viewer.css', async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(style));
}
