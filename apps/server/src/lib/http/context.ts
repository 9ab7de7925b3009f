import type { Config } from '../../config';
import type { Db } from '../../db/client';

export interface AuthUser {
  id: number;
  username: string;
  email: string;
  roleId: number;
  /** The user's role is the built-in 超级管理员: only such a user may touch super-admin accounts or that role. */
  superAdmin: boolean;
  /** 数据范围 of the user's role: `own` sees and writes only their own plans and procurement tasks. */
  dataScope: 'all' | 'own';
  sessionId: number;
  /** The role's codes less those of disabled menu entries (an entry, its page or its group disabled). */
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

/** The signed-in portal account behind a /api/portal call; its supplier bounds everything it reaches. */
export interface PortalCaller {
  accountId: number;
  supplierId: number;
  supplierName: string;
  name: string;
  email: string;
  sessionId: number;
}

export interface PortalContext extends ServiceContext {
  portal: PortalCaller;
}
