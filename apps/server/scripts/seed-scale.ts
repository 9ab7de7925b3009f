import { DAY_MS } from '@scm/contract';
/**
 * Fills a PostgreSQL database with data at the scale of docs/rules/quality-bars.md, "Scale data" (npm run seed:scale).
 *
 *   DATABASE_URL=postgres://… [SCALE_COMMODITIES=1000000] npm run seed:scale
 *
 * Each entity is one step below; a later module adds its own step (suppliers, plans, tasks…) and
 * reads what earlier steps left in `ScaleState`. Steps replace the rows of the tables they fill,
 * so the script can be run again on the same database.
 */
import pg from 'pg';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { searchGrams } from '../src/lib/sql/search-grams';
import { DEMO_SEEDER_NAMES, seedDatabase } from '../src/db/seed';
import { type CategorySpec, COMMODITY_CATALOG, isLeaf, type LeafSpec, sampleCommodity } from '../src/db/seed/commodity-catalog';
import { planningScaleSteps } from './seed-scale-planning';
import { procurementScaleSteps } from './seed-scale-procurement';
import { boardScaleSteps } from './seed-scale-board';
import { orderScaleSteps } from './seed-scale-orders';

interface ScaleState {
  leaves: { id: number; spec: LeafSpec }[];
  commodityCount: number;
}

interface ScaleStep {
  name: string;
  run(pool: pg.Pool, state: ScaleState): Promise<string>;
}

const BATCH = 5_000;

/** A text[] literal, sent as text inside the unnest() column (unnest cannot take a 2-D ragged array). */
const pgArray = (items: string[]) => `{${items.map((i) => `"${i.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/**
 * Multi-row insert through unnest(): one statement per batch, each column sent as one array, so a
 * batch costs one round trip and no giant parameter list.
 */
async function bulkInsert(client: pg.PoolClient | pg.Pool, table: string, columns: Record<string, string>, rows: unknown[][]) {
  const names = Object.keys(columns);
  const arrays = names.map((_, i) => rows.map((row) => row[i]));
  const unnest = names.map((name, i) => `$${i + 1}::${columns[name] === 'text[]' ? 'text' : columns[name]}[]`).join(', ');
  const casts = names.map((name, i) => (columns[name] === 'text[]' ? `c${i}::text[]` : `c${i}`)).join(', ');
  const aliases = names.map((_, i) => `c${i}`).join(', ');
  await client.query(`insert into ${table} (${names.join(', ')}) select ${casts} from unnest(${unnest}) as u(${aliases})`, arrays);
}

/**
 * Drops a table's secondary indexes for the load and builds them again afterwards: building a
 * trigram index once is far cheaper than maintaining it row by row.
 */
async function withIndexesDeferred<T>(pool: pg.Pool, table: string, load: () => Promise<T>): Promise<T> {
  const { rows } = await pool.query<{ indexname: string; indexdef: string }>(
    `select i.indexname, i.indexdef from pg_indexes i
      where i.tablename = $1 and i.schemaname = 'public'
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [table],
  );
  for (const index of rows) await pool.query(`drop index if exists "${index.indexname}"`);
  const result = await load();
  await pool.query("set maintenance_work_mem = '512MB'");
  for (const index of rows) {
    const started = Date.now();
    await pool.query(index.indexdef);
    console.log(`    index ${index.indexname}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return result;
}

const seedCategories: ScaleStep = {
  name: 'categories',
  async run(pool, state) {
    await pool.query('truncate categories restart identity cascade');
    const insert = async (specs: (CategorySpec | LeafSpec)[], parentId: number | null, level: number) => {
      for (const [index, spec] of specs.entries()) {
        const { rows } = await pool.query<{ id: number }>(
          'insert into categories (parent_id, name, code, level, sort) values ($1, $2, $3, $4, $5) returning id',
          [parentId, spec.name, spec.code, level, (index + 1) * 10],
        );
        if (isLeaf(spec)) state.leaves.push({ id: rows[0].id, spec });
        else await insert(spec.children, rows[0].id, level + 1);
      }
    };
    await insert(COMMODITY_CATALOG, null, 1);
    return `${state.leaves.length} leaves`;
  },
};

const seedCommodities: ScaleStep = {
  name: 'commodities',
  async run(pool, state) {
    const columns = {
      sku_code: 'text',
      name: 'text',
      category_id: 'int',
      brand: 'text',
      spec: 'text',
      unit: 'text',
      barcode: 'text',
      weight_g: 'int',
      volume_cm3: 'int',
      reference_price_fen: 'bigint',
      status: 'text',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
      name_grams: 'text[]',
    };
    const now = Date.now();
    await withIndexesDeferred(pool, 'commodities', async () => {
      const batches: Promise<void>[] = [];
      let next = 0;
      // Two writers keep both the generator and the server busy.
      const writer = async () => {
        const client = await pool.connect();
        try {
          for (let start = next; start < state.commodityCount; start = next) {
            const end = Math.min(start + BATCH, state.commodityCount);
            next = end;
            const rows: unknown[][] = [];
            for (let n = start + 1; n <= end; n++) {
              const { id, spec } = state.leaves[n % state.leaves.length];
              const c = sampleCommodity(spec, n);
              const updated = new Date(now - (n % 365) * DAY_MS - (n % 86_400) * 1000);
              rows.push([
                c.skuCode,
                c.name,
                id,
                c.brand,
                c.spec,
                c.unit,
                c.barcode,
                c.weightG,
                c.volumeCm3,
                c.referencePriceFen,
                n % 20 === 0 ? 'disabled' : 'enabled',
                updated,
                updated,
                pgArray(searchGrams(c.name)),
              ]);
            }
            await bulkInsert(client, 'commodities', columns, rows);
            if (end % 100_000 === 0) console.log(`    ${end.toLocaleString('en-US')} commodities`);
          }
        } finally {
          client.release();
        }
      };
      batches.push(writer(), writer());
      await Promise.all(batches);
    });
    // Vacuumed as well as analyzed, as after any bulk load: a table never vacuumed has no visibility
    // map, so the SKU-prefix count reads every match's page instead of the index alone (JF0204:
    // 45 ms median, 350 ms p95 → 19 ms), and the bench would measure a state autovacuum soon ends.
    await pool.query('vacuum (analyze) categories, commodities, commodity_counts, commodity_gram_counts');
    return `${state.commodityCount.toLocaleString('en-US')} rows`;
  },
};

let commodityCount = 0;
const procurement = procurementScaleSteps({ bulkInsert, commodityCount: () => commodityCount });
/**
 * In dependency order; procurement and planning append their steps here. Suppliers come first:
 * commodities refer to them (default supplier), so truncating suppliers empties commodities too.
 */
const steps: ScaleStep[] = [procurement.suppliers, seedCategories, seedCommodities, procurement.tasks];
steps.push(...planningScaleSteps({ bulkInsert, commodityCount: () => commodityCount }));
steps.push(...boardScaleSteps());
steps.push(...orderScaleSteps({ bulkInsert }));
/** `SCALE_ONLY=name,name`: only the steps whose name starts with one of these (a step again on a seeded database). */
const only = process.env.SCALE_ONLY?.split(',').map((s) => s.trim());
const chosen = only ? steps.filter((step) => only.some((prefix) => step.name.startsWith(prefix))) : steps;

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('seed:scale 需要 PostgreSQL：请设置 DATABASE_URL=postgres://user@host:5432/db');
    process.exit(1);
  }
  const started = Date.now();
  const config = loadConfig({ ...process.env, SEED_DEMO: 'false' });
  const database = openDatabase({ url, dataDir: config.DATA_DIR });
  await database.migrate();
  const seeded = await seedDatabase(database.db, config);
  if (seeded.generatedPassword) console.log(`管理员 ${seeded.adminEmail} 的初始密码: ${seeded.generatedPassword}`);
  await database.close();

  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const state: ScaleState = { leaves: [], commodityCount: Number(process.env.SCALE_COMMODITIES ?? 1_000_000) };
  commodityCount = state.commodityCount;
  try {
    for (const step of chosen) {
      const stepStarted = Date.now();
      console.log(`${step.name}…`);
      const summary = await step.run(pool, state);
      console.log(`  ${step.name}: ${summary} in ${((Date.now() - stepStarted) / 1000).toFixed(1)} s`);
    }
    await pool.query('insert into seed_history (name) select unnest($1::text[]) on conflict do nothing', [DEMO_SEEDER_NAMES]);
  } finally {
    await pool.end();
  }
  console.log(`seed:scale finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
