import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { asc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../src/config';
import { backupDatabase, restoreDatabase } from '../src/db/backup';
import { openDatabase } from '../src/db/client';
import { backUsers, roles } from '../src/db/schema';
import { seedDatabase } from '../src/db/seed';
import { initSealKey, SEAL_KEY_FILE } from '../src/modules/sealing/key';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createPgDatabase } from './helpers';

/** `npm run db:backup` / `db:restore` (docs/deploy.md): a backup restored into a fresh database reads the same rows. */

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), name));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const configFor = (env: Record<string, string | undefined>): Config =>
  loadConfig({ NODE_ENV: 'test', ADMIN_EMAIL, ADMIN_PASSWORD, SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...env });

/** Migrates, seeds and adds a role of its own; answers the rows the restore must bring back. */
async function fill(config: Config) {
  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    await seedDatabase(database.db, config);
    await database.db.insert(roles).values({ name: '备份验证角色', code: 'backup_probe', description: '恢复后应原样存在' });
    return await readRows(database.db);
  } finally {
    await database.close();
  }
}

async function readRows(db: ReturnType<typeof openDatabase>['db']) {
  return {
    roles: await db.select().from(roles).orderBy(asc(roles.id)),
    users: await db.select().from(backUsers).orderBy(asc(backUsers.id)),
  };
}

async function readBack(config: Config) {
  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    return await readRows(database.db);
  } finally {
    await database.close();
  }
}

describe('backup and restore on PGlite', () => {
  it('restores the data directory dump into a fresh directory with the same rows', { timeout: 120_000 }, async () => {
    const backups = tempDir('scm-backups-');
    const original = configFor({ DATA_DIR: join(tempDir('scm-original-'), 'data'), BACKUP_DIR: backups });
    const before = await fill(original);
    expect(before.roles.some((r) => r.code === 'backup_probe')).toBe(true);

    const file = await backupDatabase(original);
    expect(file.startsWith(backups)).toBe(true);
    expect(file).toMatch(/scm-pglite-\d{8}-\d{6}\.tar\.gz$/);

    const fresh = configFor({ DATA_DIR: join(tempDir('scm-fresh-'), 'data') });
    expect(await restoreDatabase(fresh, file)).toEqual({ movedAside: null });
    expect(await readBack(fresh)).toEqual(before);

    // Over an existing directory: the old one is kept aside, the backup's rows are what is read.
    const { movedAside } = await restoreDatabase(original, file);
    expect(movedAside && existsSync(movedAside)).toBe(true);
    if (movedAside) cleanups.push(() => rmSync(movedAside, { recursive: true, force: true }));
    expect(await readBack(original)).toEqual(before);
  });

  it('leaves the sealing key out of the backup and keeps it in use through a restore', { timeout: 120_000 }, async () => {
    const config = configFor({ DATA_DIR: join(tempDir('scm-sealed-'), 'data'), BACKUP_DIR: tempDir('scm-sealed-backups-') });
    await fill(config);
    initSealKey(config);
    const key = readFileSync(join(config.DATA_DIR, SEAL_KEY_FILE), 'utf8');
    expect(key.trim()).toMatch(/^[0-9a-f]{64}$/);
    const file = await backupDatabase(config);
    const archive = gunzipSync(readFileSync(file));
    expect(archive.includes(Buffer.from(key.trim()))).toBe(false);
    expect(archive.includes(Buffer.from(SEAL_KEY_FILE))).toBe(false);

    const { movedAside } = await restoreDatabase(config, file);
    if (movedAside) cleanups.push(() => rmSync(movedAside, { recursive: true, force: true }));
    expect(readFileSync(join(config.DATA_DIR, SEAL_KEY_FILE), 'utf8')).toBe(key);
    expect((await readBack(config)).roles.some((r) => r.code === 'backup_probe')).toBe(true);
  });

  it('refuses a missing file', async () => {
    await expect(restoreDatabase(configFor({ DATA_DIR: tempDir('scm-x-') }), '/nonexistent/backup.tar.gz')).rejects.toThrow('备份文件不存在');
  });
});

// PostgreSQL when the machine names one (TEST_DATABASE_URL), as the API tests do.
if (process.env.TEST_DATABASE_URL) {
  describe('backup and restore on PostgreSQL', () => {
    it('restores a pg_dump -Fc backup into a fresh database with the same rows', async () => {
      const source = await createPgDatabase();
      cleanups.push(source.drop);
      const target = await createPgDatabase();
      cleanups.push(target.drop);
      const backups = tempDir('scm-pg-backups-');

      const original = configFor({ DATABASE_URL: source.url, BACKUP_DIR: backups });
      const before = await fill(original);
      const file = await backupDatabase(original);
      expect(file).toMatch(/scm-pg-\d{8}-\d{6}\.dump$/);

      const fresh = configFor({ DATABASE_URL: target.url });
      await restoreDatabase(fresh, file);
      expect(await readBack(fresh)).toEqual(before);
      // A PGlite target refuses the PostgreSQL dump.
      await expect(restoreDatabase(configFor({ DATA_DIR: tempDir('scm-y-') }), file)).rejects.toThrow('PostgreSQL 备份');
    });
  });
}
