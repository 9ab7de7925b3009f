import { existsSync } from 'node:fs';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { LOGIN_SCREEN_PATHS } from '@scm/contract';
import type { Config } from './config';
import type { Db, Listen } from './db/client';
import type { AnyRoute } from './lib/http/route';
import { allRoutes } from './modules';
import { messageStreamPlugin } from './modules/message/stream';
import { authenticatePortalHash } from './modules/portal/session';
import { logRequests, loggerOptions } from './lib/http/request-log';
import { initSealKey } from './modules/sealing/key';
import { apiPlugin } from './plugins/api';
import { docsPlugin } from './plugins/docs';
import { opsPlugin } from './plugins/ops';

export interface AppOptions {
  db: Db;
  config: Config;
  now?: () => Date;
  routes?: AnyRoute[];
  logger?: boolean;
  /** Where the JSON log lines go (tests capture them); standard output when absent. */
  logStream?: NodeJS.WritableStream;
  /** The database's NOTIFY subscription: with it the app serves the live message stream (docs/messages.md). */
  listen?: Listen;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  initSealKey(config);
  const app = Fastify({
    ...loggerOptions(config.LOG_LEVEL, options.logStream),
    ...(options.logger === false ? { logger: false } : {}),
    bodyLimit: 1024 * 1024,
    trustProxy: config.TRUST_PROXY,
    // A client-sent id is not trusted; every request gets a random one (x-request-id, error bodies).
    requestIdHeader: false,
    // On close, connections without a request in flight are closed at once; busy ones finish first.
    forceCloseConnections: 'idle',
  });
  logRequests(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its CSS-in-JS into <style> elements; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });

  await app.register(opsPlugin, { db: options.db });
  if (config.API_DOCS) await app.register(docsPlugin, { routes: options.routes ?? allRoutes });
  // API answers travel compressed when the client accepts it: suppliers on phones and branch offices
  // are far from the server. Brotli at quality 4 costs about what gzip 6 does and is smaller. Scoped
  // to the API: the web build's files are precompressed already, and an .xlsx is a zip.
  // An answer already in memory (every JSON answer up to 256 KB) is compressed in one call: through
  // a zlib stream each one cost 0.4–0.9 ms of setup on two cores, more than compressing it (a 10 KB
  // list page: 0.1 ms), and a quarter of the list's throughput. A 256 KB window (lgwin 18) holds
  // such an answer whole and halves brotli's setup; exports still stream.
  await app.register(async (api) => {
    await api.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: 1024,
      syncThreshold: 256 * 1024,
      brotliOptions: {
        params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_LGWIN]: 18 },
      },
      zlibOptions: { level: 6 },
    });
    await api.register(apiPlugin, {
      db: options.db,
      config,
      now: options.now ?? (() => new Date()),
      routes: options.routes ?? allRoutes,
    });
    if (options.listen) {
      await api.register(messageStreamPlugin, {
        db: options.db,
        now: options.now ?? (() => new Date()),
        listen: options.listen,
        authenticatePortal: authenticatePortalHash,
      });
    }
  });

  const webDist = config.WEB_DIST ?? defaultWebDist;
  if (existsSync(webDist)) {
    const hashedAssets = join(resolve(webDist), 'assets') + sep;
    // The build writes .br and .gz beside each file (apps/web/vite.config.ts); the encoding follows
    // Accept-Encoding. Hashed files under /assets never change; everything else is revalidated.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', resolve(path).startsWith(hashedAssets) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Every non-API GET is a client-side route: the supplier portal's document for /portal/…, the
    // back office's with its login screen rendered in for the login addresses, the back office's for
    // the rest (docs/web-guide.md "Portal" and "Loading"); the app decides, its 404 page included.
    const portalAddress = /^\/portal(\/|\?|$)/;
    const documentOf = (url: string) => {
      if (portalAddress.test(url)) return 'portal.html';
      return LOGIN_SCREEN_PATHS.includes(url.replace(/[?#].*$/, '')) ? 'login.html' : 'index.html';
    };
    const sendDocument = (reply: FastifyReply, url: string) => reply.sendFile(documentOf(url));
    app.get('/', (request, reply) => sendDocument(reply, request.url));
    app.get('/*', (request, reply) => {
      if (request.url.startsWith('/api/')) return reply.callNotFound();
      return sendDocument(reply, request.url);
    });
  }
  return app;
}
