/**
 * The floor the API is measured against: the same SQL through a bare `pg` pool behind a bare
 * `node:http` handler (no framework, no validation, no ORM), with the session lookup every
 * signed-in call pays. Run as its own process by bench.ts.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';
import { PG_SESSION_OPTIONS } from '../apps/server/src';
import { endpoints, floorAuthSql } from './config';
import type { Query } from './lib/query';

// The app's session settings (apps/server/src/db/client.ts), so both sides run the same plans.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20, options: PG_SESSION_OPTIONS });
pool.on('error', () => {});
const q: Query = async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[];
const routes = new Map(endpoints.map((e) => [`/api${e.path}`, e]));

const send = (res: import('node:http').ServerResponse, code: number, data: unknown) => {
  const body = JSON.stringify({ code, message: code === 200 ? 'success' : 'error', data });
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
};

const server = createServer(async (req, res) => {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const route = routes.get(req.url ?? '');
    if (!route) return send(res, 401, null);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
    const token = req.headers.authorization?.slice(7) ?? '';
    const [session] = await q(floorAuthSql, [createHash('sha256').update(token).digest('hex')]);
    if (!session) return send(res, 401, null);
    send(res, 200, await route.floor(q, body, pool));
  } catch (error) {
    res.writeHead(500);
    res.end(String(error));
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
