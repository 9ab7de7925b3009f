import { z } from 'zod';

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  ADMIN_EMAIL: z.string().email().default('admin@jiaju.com'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_DEMO: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`配置有误: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

/** Session and login-protection constants (product.md §2). */
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
