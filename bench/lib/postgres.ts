import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Query } from './query';
import { freePort } from './processes';

const run = promisify(execFile);

/** The shared PostgreSQL of these machines (trust auth); each run makes its own database on it. */
export const PG_BASE_URL = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function pgAnswers(url: string = PG_BASE_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function adminQuery(baseUrl: string, text: string) {
  const client = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A database with a random name, dropped by `drop()` (the shared server outlives every run). */
export async function createScratchDatabase(prefix: string, baseUrl: string = PG_BASE_URL): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
  return {
    name,
    url: withDatabase(baseUrl, name),
    drop: () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A small pool with the bench's Query shape. */
export function queryPool(url: string, max = 4): { q: Query; end(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {});
  return {
    q: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
    end: () => pool.end(),
  };
}

function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin');
  return join(root, versions[0], 'bin');
}

export interface PrivateCluster {
  port: number;
  url(database?: string): string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** SIGSTOP / SIGCONT to the postmaster and its backends: a database that hangs instead of refusing. */
  freeze(): Promise<void>;
  thaw(): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL cluster of its own (initdb in a temp dir, its own port, loopback only), so a test
 * can stop and start it without touching the shared server. initdb refuses to run as root, so
 * as root the cluster belongs to the `postgres` user.
 */
export async function createPrivateCluster(): Promise<PrivateCluster> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'scm-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['postgres:postgres', dir]);
  const pgRun = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);

  await pgRun('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c max_connections=100`;
  let running = false;
  let frozen: number[] = [];
  const clusterPids = async () => {
    const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = await run('pgrep', ['-P', String(postmaster)]).then(
      (r) => r.stdout.split('\n').filter(Boolean).map(Number),
      () => [] as number[],
    );
    return [postmaster, ...children];
  };
  const cluster: PrivateCluster = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await pgRun('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
      running = true;
    },
    async stop() {
      await pgRun('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
      running = false;
    },
    async freeze() {
      frozen = await clusterPids();
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    },
    async thaw() {
      for (const pid of frozen.splice(0)) process.kill(pid, 'SIGCONT');
    },
    async destroy() {
      await cluster.thaw();
      if (running) await pgRun('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']).catch(() => {});
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}
