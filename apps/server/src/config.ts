import { availableParallelism } from 'node:os';
import { z } from 'zod';

/** A yes/no setting written `true` or `false`. */
const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((v) => v === 'true');

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  ADMIN_EMAIL: z.string().email().default('admin@jiaju.com'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_DEMO: flag('true'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag('false'),
  /** The OpenAPI document and its viewer under /api/docs (docs/deploy.md). */
  API_DOCS: flag('true'),
  /** Server processes sharing the port: a count or `auto` (one per CPU); more than one needs PostgreSQL. */
  WORKERS: z
    .string()
    .default('1')
    .transform((v, ctx) => {
      if (v === 'auto') return availableParallelism();
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 64) {
        ctx.addIssue({ code: 'custom', message: 'WORKERS 应为 1–64 的整数或 auto (WORKERS must be 1–64 or auto)' });
        return z.NEVER;
      }
      return n;
    }),
  /** The AES-256 key sealing quote prices, 64 hex characters; else `seal.key` in DATA_DIR (docs/portal.md). */
  SEAL_KEY: z.string().optional(),
  /** Where `npm run db:backup` writes its files. */
  BACKUP_DIR: z.string().default('./backups'),
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`配置有误: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

/**
 * Several processes share one database only through PostgreSQL: PGlite belongs to one process.
 * Answers the refusal to print at start, or null when the setting is fine.
 */
export function workersProblem(config: Config): string | null {
  if (config.WORKERS > 1 && !config.DATABASE_URL) {
    return (
      `WORKERS=${config.WORKERS} 需要 PostgreSQL（设置 DATABASE_URL）；嵌入式 PGlite 只能由一个进程使用。\n` +
      `WORKERS=${config.WORKERS} needs PostgreSQL (set DATABASE_URL); embedded PGlite serves one process only.`
    );
  }
  return null;
}

/** Session and login-protection constants (docs/rules/shell-and-session.md, "Server side of the session"). */
export const SECURITY = {
  sessionIdleMs: 2 * 60 * 60 * 1000,
  sessionAbsoluteMs: 12 * 60 * 60 * 1000,
  lockoutWindowMs: 15 * 60 * 1000,
  lockoutFailures: 5,
  ipWindowMs: 15 * 60 * 1000,
  ipFailures: 30,
  /** last_seen_at is refreshed at most this often, so reads do not turn into writes. */
  touchIntervalMs: 60 * 1000,
} as const;
