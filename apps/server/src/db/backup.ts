import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { gzipSync } from 'node:zlib';
import type { Config } from '../config';
import { SEAL_KEY_FILE } from '../modules/sealing/key';

/**
 * `npm run db:backup` / `npm run db:restore FILE` (docs/deploy.md). PGlite: a gzip tar of its data
 * directory (`dumpDataDir`), restored through `loadDataDir`. PostgreSQL: `pg_dump -Fc` and
 * `pg_restore --clean`. The server should be stopped for a PGlite backup and for any restore.
 */

const stamp = (now: Date) => now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** pg_dump and pg_restore, installed through apt (postgresql-client) when missing. */
function ensurePgTools() {
  const has = (bin: string) => spawnSync(bin, ['--version'], { stdio: 'ignore' }).status === 0;
  if (has('pg_dump') && has('pg_restore')) return;
  console.log('未找到 pg_dump / pg_restore，正在通过 apt 安装 postgresql-client…');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'];
  for (const args of [
    ['update', '-q'],
    ['install', '-y', '-q', 'postgresql-client'],
  ]) {
    const [command, ...rest] = [...sudo, ...apt, ...args] as [string, ...string[]];
    if (spawnSync(command, rest, { stdio: 'inherit' }).status !== 0) {
      throw new Error('安装 postgresql-client 失败，请手动安装 pg_dump / pg_restore (install postgresql-client)');
    }
  }
}

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} 失败 (exit ${result.status ?? result.signal})`);
}

/** A tar archive without the top-level entry `name` (ustar: 512-byte headers, contents padded to 512). */
export function withoutEntry(tar: Buffer, name: string): Buffer {
  const kept: Buffer[] = [];
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const size = Number.parseInt(header.subarray(124, 136).toString('latin1').replace(/\0.*$/, '').trim() || '0', 8);
    const end = offset + 512 + Math.ceil(size / 512) * 512;
    const entry = header.subarray(0, 100).toString('utf8').replace(/\0.*$/, '');
    if (entry.replace(/^(\.\/|\/)?(pgdata\/)?/, '') !== name) kept.push(tar.subarray(offset, end));
    offset = end;
  }
  kept.push(Buffer.alloc(1024));
  return Buffer.concat(kept);
}

/** Writes a backup of the configured database into BACKUP_DIR (or `file`); answers the file's path. */
export async function backupDatabase(config: Config, file?: string, now = new Date()): Promise<string> {
  const url = config.DATABASE_URL;
  const target = resolve(file ?? join(config.BACKUP_DIR, url ? `scm-pg-${stamp(now)}.dump` : `scm-pglite-${stamp(now)}.tar.gz`));
  mkdirSync(resolve(target, '..'), { recursive: true });
  if (url) {
    ensurePgTools();
    run('pg_dump', ['-Fc', '--no-owner', '-f', target, '-d', url]);
    return target;
  }
  if (!existsSync(config.DATA_DIR)) throw new Error(`数据目录不存在: ${config.DATA_DIR}`);
  const client = new PGlite(config.DATA_DIR, { extensions: { pg_trgm } });
  // dumpDataDir does not wait for the start itself: called early, it never answers.
  await client.waitReady;
  try {
    const dump = await client.dumpDataDir('none');
    // PGlite's data directory is DATA_DIR, where the sealing key lives: a backup never carries it.
    writeFileSync(target, gzipSync(withoutEntry(Buffer.from(await dump.arrayBuffer()), SEAL_KEY_FILE)));
  } finally {
    await client.close();
  }
  return target;
}

/**
 * Restores `file` into the configured database. PostgreSQL: objects of the backup are dropped and
 * recreated (`--clean --if-exists`). PGlite: a non-empty DATA_DIR is first moved aside to
 * `<DATA_DIR>.before-restore-<time>`; answers that path when it did.
 */
export async function restoreDatabase(config: Config, file: string, now = new Date()): Promise<{ movedAside: string | null }> {
  const source = resolve(file);
  if (!existsSync(source)) throw new Error(`备份文件不存在: ${file}`);
  const bytes = readFileSync(source);
  const isPgDump = bytes.subarray(0, 5).toString('latin1') === 'PGDMP';
  const url = config.DATABASE_URL;
  if (url) {
    if (!isPgDump) throw new Error('这不是 pg_dump -Fc 备份，不能恢复到 PostgreSQL (not a pg_dump custom-format file)');
    ensurePgTools();
    run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '-d', url, source]);
    return { movedAside: null };
  }
  if (isPgDump) throw new Error('这是 PostgreSQL 备份，请设置 DATABASE_URL 后恢复 (a PostgreSQL dump: set DATABASE_URL)');
  let movedAside: string | null = null;
  if (existsSync(config.DATA_DIR) && readdirSync(config.DATA_DIR).length > 0) {
    movedAside = `${config.DATA_DIR.replace(/\/+$/, '')}.before-restore-${stamp(now)}`;
    renameSync(config.DATA_DIR, movedAside);
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  // The restored quotes were sealed with the key kept beside the old data: it stays in use.
  if (movedAside && existsSync(join(movedAside, SEAL_KEY_FILE))) {
    copyFileSync(join(movedAside, SEAL_KEY_FILE), join(config.DATA_DIR, SEAL_KEY_FILE));
  }
  const client = new PGlite(config.DATA_DIR, { extensions: { pg_trgm }, loadDataDir: new Blob([bytes]) });
  await client.waitReady;
  await client.close();
  return { movedAside };
}
