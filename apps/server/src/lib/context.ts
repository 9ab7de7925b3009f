import type { Config } from '../config';
import type { Db } from '../db/client';

export interface AuthUser {
  id: number;
  username: string;
  email: string;
  roleId: number;
  sessionId: number;
  permissionCodes: ReadonlySet<string>;
}

/** Who did it, for the audit log. */
export interface Actor {
  userId: number | null;
  userName: string | null;
  ip: string;
}

/** What every service call receives: the database, the clock, the caller. */
export interface ServiceContext {
  db: Db;
  config: Config;
  now: () => Date;
  ip: string;
  userAgent: string | null;
  user: AuthUser | null;
  actor: Actor;
}

export interface AuthedContext extends ServiceContext {
  user: AuthUser;
}
