import type { Config } from '../../config';
import { generatePassword } from '../../lib/access/passwords';
import type { Db } from '../client';
import { seedHistory } from '../schema';
import { seedDemoAccess } from './demo-access';
import { linkDemoCommodities, seedDemoCommodities } from './demo-commodities';
import { seedDemoPlanning } from './demo-planning';
import { seedDemoPriceTemplates } from './demo-price-template';
import { seedDemoProcurement } from './demo-procurement';
import { seedBoardFacts } from './demo-board';
import { seedDemoOrders } from './demo-orders';
import { seedDemoReturns } from './demo-returns';
import { seedDemoStatements } from './demo-statements';
import { type DemoPortalLink, seedDemoPortal } from './demo-portal';
import { seedBuiltInDictionaries } from './dictionary';
import { seedAdminRole, seedAdminUser, seedMenus } from './foundation';
import { seedBuiltInWarehouses } from './warehouses';
import { seedDemoCompany } from './demo-company';

export interface SeedContext {
  /** Known only on the start that created the administrator. */
  adminPassword?: string;
  /** The server's configuration, for the service calls the demo writes through. */
  config: Config;
  now: Date;
  /** Activation links the demo portal accounts got on this start (shown once). */
  portalLinks: DemoPortalLink[];
}

interface DemoSeeder {
  name: string;
  run(tx: Db, ctx: SeedContext): Promise<boolean | undefined>;
}

/**
 * Demo data per module, each applied once (recorded in seed_history) and in this order, so later
 * modules can refer to the rows of earlier ones. A seeder returning false is retried next start.
 */
const demoSeeders: DemoSeeder[] = [
  {
    name: 'access',
    run: async (tx, ctx) => {
      if (!ctx.adminPassword) return false;
      await seedDemoAccess(tx, ctx.adminPassword);
      return true;
    },
  },
  {
    name: 'price_template',
    run: async (tx) => {
      await seedDemoPriceTemplates(tx);
      return true;
    },
  },
  {
    name: 'commodities',
    run: async (tx) => {
      await seedDemoCommodities(tx);
      return true;
    },
  },
  { name: 'procurement', run: (tx, ctx) => seedDemoProcurement(tx, ctx.now) },
  {
    name: 'commodity_refs',
    run: async (tx) => {
      await linkDemoCommodities(tx);
      return true;
    },
  },
  { name: 'planning', run: (tx, ctx) => seedDemoPlanning(tx, ctx.now) },
  {
    name: 'portal',
    run: async (tx, ctx) => {
      const links = await seedDemoPortal(tx, ctx.now, ctx.config);
      if (!links) return false;
      ctx.portalLinks.push(...links);
      return true;
    },
  },
  { name: 'board_facts', run: (tx) => seedBoardFacts(tx) },
  { name: 'purchase_orders', run: (tx, ctx) => seedDemoOrders(tx, ctx.now) },
  { name: 'purchase_returns', run: (tx, ctx) => seedDemoReturns(tx, ctx.now) },
  {
    name: 'company',
    run: async (tx) => {
      await seedDemoCompany(tx);
      return true;
    },
  },
  { name: 'supplier_statements', run: (tx, ctx) => seedDemoStatements(tx, ctx.now) },
];

/** A database filled by seed:scale records these as applied: demo rows would collide with its own. */
export const DEMO_SEEDER_NAMES = demoSeeders.map((seeder) => seeder.name);

export interface SeedResult {
  adminEmail: string;
  /** Set when the administrator was created on this start. */
  adminCreated: boolean;
  generatedPassword?: string;
  /** The demo portal accounts' activation links, on the start that made them. */
  portalLinks: DemoPortalLink[];
}

export async function seedDatabase(db: Db, config: Config, now: Date = new Date()): Promise<SeedResult> {
  const password = config.ADMIN_PASSWORD ?? generatePassword();
  const adminCreated = await db.transaction(async (tx) => {
    await seedMenus(tx);
    await seedBuiltInDictionaries(tx);
    await seedBuiltInWarehouses(tx);
    const roleId = await seedAdminRole(tx);
    return seedAdminUser(tx, roleId, config.ADMIN_EMAIL, password);
  });
  const portalLinks: DemoPortalLink[] = [];
  if (config.SEED_DEMO) {
    const applied = new Set((await db.select({ name: seedHistory.name }).from(seedHistory)).map((r) => r.name));
    const ctx: SeedContext = { adminPassword: adminCreated ? password : undefined, config, now, portalLinks };
    for (const seeder of demoSeeders) {
      if (applied.has(seeder.name)) continue;
      await db.transaction(async (tx) => {
        if ((await seeder.run(tx, ctx)) === false) return;
        await tx.insert(seedHistory).values({ name: seeder.name });
      });
    }
  }
  return {
    adminEmail: config.ADMIN_EMAIL,
    adminCreated,
    generatedPassword: adminCreated && !config.ADMIN_PASSWORD ? password : undefined,
    portalLinks,
  };
}
