import cluster from 'node:cluster';
import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig, workersProblem } from './config';
import { type Database, openDatabase } from './db/client';
import { seedDatabase } from './db/seed';
import { DEMO_USER_EMAILS } from './db/seed/demo-access';
import { MINUTE_JOBS_MS, runMinuteJobs } from './lib/jobs/minute-jobs';
import { initSealKey, SEAL_KEY_FILE, sealKeyCreated } from './modules/sealing/key';

/** Requests in flight at SIGTERM get this long to finish before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfig();
const problem = workersProblem(config);
if (problem) {
  console.error(problem);
  process.exit(1);
}
// Before any worker starts: the first start writes the key file once (docs/portal.md).
if (cluster.isPrimary) initSealKey(config);

/** Runs `stop` once on the first SIGTERM or SIGINT; later signals are ignored instead of killing the process. */
function onStopSignal(stop: () => Promise<void>) {
  let stopping = false;
  const handler = () => {
    if (stopping) return;
    stopping = true;
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}

/** Migrates and seeds under the startup advisory lock (PostgreSQL), so one process of several does it. */
const migrateAndSeed = (database: Database) =>
  database.withStartupLock(async () => {
    await database.migrate();
    return seedDatabase(database.db, config);
  });

/** Migrates and seeds before the workers start, then lets the database go. */
async function prepareDatabase() {
  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    return await migrateAndSeed(database);
  } finally {
    await database.close();
  }
}

function printBanner(seed: Awaited<ReturnType<typeof seedDatabase>>) {
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `嵌入式 PGlite (${config.DATA_DIR})`;
  const lines = [
    '',
    `  家居供应链管理后台已启动: http://localhost:${config.PORT}`,
    `  数据库: ${where}${config.WORKERS > 1 ? `，${config.WORKERS} 个服务进程` : ''}`,
    `  管理员账号: ${seed.adminEmail}`,
  ];
  if (seed.generatedPassword) {
    lines.push(`  管理员密码: ${seed.generatedPassword}   (仅显示这一次，请登录后修改)`);
    lines.push(`  演示账号 ${DEMO_USER_EMAILS.join(' / ')} 使用相同密码`);
  } else if (seed.adminCreated) {
    lines.push(`  管理员密码: 由 ADMIN_PASSWORD 指定；演示账号 ${DEMO_USER_EMAILS.join(' / ')} 使用相同密码`);
  } else {
    lines.push('  管理员密码: 首次启动时已显示（或由 ADMIN_PASSWORD 指定）');
  }
  if (seed.portalLinks.length > 0) {
    lines.push('  供应商门户演示账号（激活链接 72 小时内有效，仅显示这一次）:');
    for (const link of seed.portalLinks) {
      lines.push(`    ${link.supplierName} ${link.email}: http://localhost:${config.PORT}${link.path}`);
    }
  }
  if (sealKeyCreated()) {
    lines.push(`  已生成密封报价密钥 ${join(config.DATA_DIR, SEAL_KEY_FILE)}：请与数据库备份分开保存（丢失后密封中的报价无法开标）`);
  }
  console.log(`${lines.join('\n')}\n`);
}

/** One serving process: API and web app on PORT, the minute jobs, graceful stop on SIGTERM. */
async function serve(options: { prepare: boolean }) {
  // Requests give up on a query after 5 s (503) rather than wait forever on a database that hangs.
  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, queryTimeoutMs: 5000 });
  const seed = options.prepare ? await migrateAndSeed(database) : null;
  const app = await buildApp({ db: database.db, config, listen: database.listen });

  const minuteJobs = () => {
    runMinuteJobs(database.db, new Date()).catch((error: unknown) => app.log.warn({ err: error }, 'periodic jobs failed'));
  };
  const timer = setInterval(minuteJobs, MINUTE_JOBS_MS);

  onStopSignal(async () => {
    clearInterval(timer);
    // Stops accepting at once; requests in flight finish, idle keep-alive connections close.
    let grace: NodeJS.Timeout | undefined;
    const expired = await Promise.race([
      app.close().then(() => false),
      new Promise<boolean>((resolve) => {
        grace = setTimeout(() => resolve(true), SHUTDOWN_GRACE_MS);
      }),
    ]);
    clearTimeout(grace);
    if (expired) {
      app.log.warn('requests still running after 10 s; closing their connections');
      app.server.closeAllConnections();
    }
    await database.close();
  });

  await app.listen({ host: config.HOST, port: config.PORT });
  minuteJobs();
  if (seed) printBanner(seed);
}

/** The primary of WORKERS > 1: prepares the database once, then keeps N serving processes on one port. */
async function supervise() {
  printBanner(await prepareDatabase());
  let stopping = false;
  const fork = () => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`服务进程 ${worker.process.pid} 已退出 (${signal ?? code})，正在重启 / worker exited, restarting`);
    setTimeout(fork, 1000);
  });
  for (let i = 0; i < config.WORKERS; i++) fork();
  onStopSignal(async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
  });
}

if (config.WORKERS > 1 && cluster.isPrimary) await supervise();
else await serve({ prepare: cluster.isPrimary });
