import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createPgDatabase } from './helpers';

/** The server as a process (docs/deploy.md): graceful stop on SIGTERM, several processes on PostgreSQL only. */

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>, port: number): Running {
  const { DATABASE_URL: _url, WORKERS: _workers, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, port, output: () => output, exited };
}

async function waitReady(server: Running, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    const ok = await fetch(`http://127.0.0.1:${server.port}/api/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready: ${server.output()}`);
}

/** A login whose body arrives in two parts: the request is in flight until `finish` sends the rest. */
function slowLogin(port: number) {
  const body = JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/admin/login',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; json: { code: number; data: { token?: string } } }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) }));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 10));
  return { answer, finish: () => request.end(body.slice(10)) };
}

describe('graceful shutdown', () => {
  it('finishes the request in flight after SIGTERM, refuses new connections, and exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scm-shutdown-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = start({ DATA_DIR: dataDir }, await freePort());
    await waitReady(server);

    const slow = slowLogin(server.port);
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    // Not accepting any more.
    await expect(fetch(`http://127.0.0.1:${server.port}/api/health`)).rejects.toThrow();
    expect(server.child.exitCode).toBeNull();

    slow.finish();
    const answer = await slow.answer;
    expect(answer.status).toBe(200);
    expect(answer.json.code).toBe(200);
    expect(answer.json.data.token).toBeTruthy();
    expect(await server.exited).toBe(0);
  });
});

describe('several processes', () => {
  it('refuses WORKERS > 1 on PGlite with a Chinese and English message', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scm-workers-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = start({ DATA_DIR: dataDir, WORKERS: '2' }, await freePort());
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('WORKERS=2 需要 PostgreSQL');
    expect(server.output()).toContain('needs PostgreSQL');
  });

  // The cluster itself needs PostgreSQL, which the PostgreSQL run of the API tests provides.
  if (process.env.TEST_DB === 'pg') {
    it('serves from two processes on one port and stops them all on SIGTERM', async () => {
      const pgDb = await createPgDatabase();
      cleanups.push(pgDb.drop);
      // No data directory at all: the sealing key comes from SEAL_KEY (docs/portal.md).
      const server = start({ DATABASE_URL: pgDb.url, WORKERS: '2', DATA_DIR: '/nonexistent', SEAL_KEY: 'ab'.repeat(32) }, await freePort());
      await waitReady(server);
      const workers = execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.child.pid)], { encoding: 'utf8' })
        .trim()
        .split(/\s+/);
      expect(workers).toHaveLength(2);
      for (let i = 0; i < 10; i++) {
        const answer = await fetch(`http://127.0.0.1:${server.port}/api/health`, { headers: { connection: 'close' } });
        expect(answer.status).toBe(200);
      }
      const slow = slowLogin(server.port);
      await new Promise((r) => setTimeout(r, 300));
      server.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      slow.finish();
      expect((await slow.answer).json.code).toBe(200);
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('2 个服务进程');
    });
  }
});
