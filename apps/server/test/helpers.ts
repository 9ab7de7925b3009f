import { randomBytes } from 'node:crypto';
import type * as contract from '@scm/contract';
import { DAY_MS, type Endpoint, shanghaiDay as shanghaiDayOf, toCamelCase, toSnakeCase } from '@scm/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';
import { queryRows as rowsOf } from '../src/lib/sql/rows';

export const ADMIN_EMAIL = 'admin@test.com';
export const ADMIN_PASSWORD = 'Admin12345';

export interface ApiAnswer {
  status: number;
  code: number;
  message: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the endpoint answered
  data: any;
  headers: Record<string, unknown>;
}

type Contract = typeof contract;
/** Every path of every endpoint object the contract exports: a renamed or removed endpoint fails the tests' typecheck. */
export type ApiPath = {
  [K in keyof Contract]: Contract[K] extends Record<string, Endpoint> ? Contract[K][keyof Contract[K]]['path'] : never;
}[keyof Contract];

/** The actions of one resource, for tests that name them in a loop: `ApiAction<'planning_task'>` is `'list' | 'info' | …`. */
export type ApiAction<Resource extends string> = ApiPath extends infer P ? (P extends `/admin/${Resource}/${infer Action}` ? Action : never) : never;

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's URL when TEST_DB=pg: a second app instance can open the same one. */
  databaseUrl?: string;
  /** A settable clock: tests move time to check expiry and lockouts. */
  clock: { now: Date; advance(ms: number): void };
  /**
   * The raw call: a path (or endpoint) and a wire body (snake_case) that nothing types, answered
   * untyped. For bodies that are deliberately invalid (400s, 403s before validation, junk) and the
   * generated sweeps; a valid body goes through `api`.
   */
  call(target: ApiPath | Endpoint, body?: unknown, token?: string | null, headers?: Record<string, string>): Promise<ApiAnswer>;
  /**
   * The default call: the body is the endpoint's request as the contract types it (camelCase,
   * converted to the wire's snake_case here) and a success's data comes back camelCase, typed by the
   * response, so a renamed field or endpoint fails the tests' typecheck.
   */
  api<E extends Endpoint>(endpoint: E, body: z.input<E['body']>, token?: string | null): Promise<TypedAnswer<E>>;
  login(email?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export type TypedAnswer<E extends Endpoint> = Omit<ApiAnswer, 'data'> & { data: z.output<E['response']> };

/** The PostgreSQL under test: a fresh database per test file when TEST_DB=pg, so files never share rows. */
export async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
  const name = `scm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The rows of a raw SQL statement, on either database driver. */
export const queryRows = <T>(t: TestApp, query: SQL): Promise<T[]> => rowsOf<T>(t.database.db, query);

/** The test clock's date in Asia/Shanghai, `offsetDays` later: quote dates and deadlines are days there. */
export const shanghaiDay = (t: TestApp, offsetDays = 0) => shanghaiDayOf(t.clock.now.getTime() + offsetDays * DAY_MS);

/** A table's row by its id as the database holds it (undefined when there is none): the status sweeps' snapshots. */
export async function rowById<T extends PgTable & { id: PgColumn }>(t: TestApp, table: T, id: number): Promise<T['$inferSelect']> {
  const [row] = await t.database.db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  return row as T['$inferSelect'];
}

/**
 * A call that must succeed, for fixtures and builders: answers its data, or throws with the
 * server's message, so a refusal fails the test where the record was made (and a test may expect it).
 */
export async function apiOk<E extends Endpoint>(t: TestApp, endpoint: E, body: z.input<E['body']>, token?: string | null) {
  const answer = await t.api(endpoint, body, token);
  if (answer.code !== 200) throw new Error(`${endpoint.path}: ${answer.code} ${answer.message} ${JSON.stringify(answer.data)}`);
  return answer.data;
}

let uniqueSeq = 0;
/** A code no other test run has used: prefix, time and a counter, in upper case (SKU codes). */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++uniqueSeq}`.toUpperCase();

/** The configuration of a test app (a second instance on the same PostgreSQL passes its URL). */
export function loadTestConfig(databaseUrl: string | undefined, options: { seedDemo?: boolean; webDist?: string } = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SEED_DEMO: options.seedDemo ? 'true' : 'false',
    DATA_DIR: 'memory://',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    WEB_DIST: options.webDist ?? '/nonexistent',
  });
}

export async function createTestApp(options: { seedDemo?: boolean; webDist?: string } = {}): Promise<TestApp> {
  const pgDb = process.env.TEST_DB === 'pg' ? await createPgDatabase() : null;
  const config = loadTestConfig(pgDb?.url, options);
  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  await seedDatabase(database.db, config, clock.now);
  const app = await buildApp({ db: database.db, config, now: () => clock.now, logger: false, listen: database.listen });

  const call: TestApp['call'] = async (target, body = {}, token, headers = {}) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api${typeof target === 'string' ? target : target.path}`,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const json = response.headers['content-type']?.toString().includes('json') ? response.json() : {};
    return { status: response.statusCode, code: json.code, message: json.message, data: json.data, headers: response.headers };
  };

  const api: TestApp['api'] = async (endpoint, body, token) => {
    const answer = await call(endpoint, toSnakeCase(body), token);
    return { ...answer, data: toCamelCase(answer.data) };
  };

  const login: TestApp['login'] = async (email = ADMIN_EMAIL, password = ADMIN_PASSWORD) => {
    const answer = await call('/admin/login', { email, password });
    if (answer.code !== 200) throw new Error(`login failed: ${answer.message}`);
    return answer.data.token;
  };

  return {
    app,
    database,
    databaseUrl: pgDb?.url,
    clock,
    call,
    api,
    login,
    close: async () => {
      await app.close();
      await database.close();
      await pgDb?.drop();
    },
  };
}
