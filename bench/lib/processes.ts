import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../config';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const serverEntry = fileURLToPath(new URL('../../apps/server/src/server.ts', import.meta.url));

/** A port the kernel just handed out on loopback (closed again before use). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Resident memory of a process in bytes (Linux), or 0 once it is gone. */
function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface NodeProcess {
  pid: number;
  port: number;
  baseUrl: string;
  child: ChildProcess;
  /** The last 20 KB the process printed, for failure messages. */
  output(): string;
  rss(): number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning(): boolean;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

interface StartOptions {
  readyTimeoutMs?: number;
  port?: number;
  /** Node's own flags before the script, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
}

/**
 * Starts `node --import tsx <script>` (one process: its pid is the server's, for RSS and kill -9)
 * listening on a fresh loopback port, and waits until it answers HTTP.
 */
export async function startNode(script: string, env: Record<string, string | undefined>, options: StartOptions = {}): Promise<NodeProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  const proc: NodeProcess = {
    pid: child.pid!,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    rss: () => rssOf(child.pid!),
    exited,
    isRunning: () => running,
    async stop(graceMs = 5000) {
      if (!running) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(killer);
    },
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (!running) throw new Error(`${script} exited before it was ready:\n${output}`);
    try {
      await fetch(`${proc.baseUrl}/api/admin/logout`, { method: 'POST', signal: AbortSignal.timeout(1000) });
      return proc;
    } catch {
      await sleep(100);
    }
  }
  await proc.stop();
  throw new Error(`${script} did not answer on port ${port} in time:\n${output}`);
}

/** The application server (apps/server/src/server.ts) with the bench's administrator. */
export function startAppServer(env: Record<string, string | undefined>, options: StartOptions = {}) {
  return startNode(serverEntry, { SEED_DEMO: 'true', ADMIN_EMAIL, ADMIN_PASSWORD, ...env }, options);
}
