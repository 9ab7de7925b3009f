import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDatabase } from './db/seed';
import { purgeExpiredIdempotencyKeys } from './lib/idempotency';
import { closePassedDeadlines } from './modules/procurement-task/status';

/** How often the server records quoting deadlines that have passed (readers see them closed at once) and forgets idempotency keys older than 24 h. */
const DEADLINE_SWEEP_MS = 60_000;

const config = loadConfig();
// Requests give up on a query after 5 s (503) rather than wait forever on a database that hangs.
const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, queryTimeoutMs: 5000 });
const seed = await database.withStartupLock(async () => {
  await database.migrate();
  return seedDatabase(database.db, config);
});
const app = await buildApp({ db: database.db, config });

const sweepDeadlines = () => {
  closePassedDeadlines(database.db, new Date()).catch((error: unknown) => app.log.warn({ err: error }, 'recording passed quote deadlines failed'));
  purgeExpiredIdempotencyKeys(database.db, new Date()).catch((error: unknown) => app.log.warn({ err: error }, 'purging expired idempotency keys failed'));
};
const deadlineSweep = setInterval(sweepDeadlines, DEADLINE_SWEEP_MS);

const shutdown = async () => {
  clearInterval(deadlineSweep);
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ host: config.HOST, port: config.PORT });
void sweepDeadlines();

const where = database.kind === 'pglite' ? `嵌入式 PGlite (${config.DATA_DIR})` : 'PostgreSQL (DATABASE_URL)';
const lines = [
  '',
  `  家居供应链管理后台已启动: http://localhost:${config.PORT}`,
  `  数据库: ${where}`,
  `  管理员账号: ${seed.adminEmail}`,
];
if (seed.generatedPassword) {
  lines.push(`  管理员密码: ${seed.generatedPassword}   (仅显示这一次，请登录后修改)`);
  lines.push('  演示账号 buyer@jiaju.com / planner@jiaju.com / manager@jiaju.com 使用相同密码');
} else if (seed.adminCreated) {
  lines.push('  管理员密码: 由 ADMIN_PASSWORD 指定；演示账号 buyer@ / planner@ / manager@jiaju.com 使用相同密码');
} else {
  lines.push('  管理员密码: 首次启动时已显示（或由 ADMIN_PASSWORD 指定）');
}
console.log(`${lines.join('\n')}\n`);
