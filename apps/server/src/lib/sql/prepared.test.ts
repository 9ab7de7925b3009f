import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { Db } from '../../db/client';
import { backUsers } from '../../db/schema';
import { MAX_SHAPES, preparedByShape } from './prepared';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

describe('preparedByShape', () => {
  // Each shape's text differs by the number added in it; the value comes in as a placeholder.
  const plus = preparedByShape(
    (handle, added: number) =>
      handle
        .select({ sum: sql<number>`(${sql.placeholder('n')}::int + ${sql.raw(String(added))})::int` })
        .from(backUsers)
        .limit(sql.placeholder('one')),
    'test_plus',
  );

  it('answers every request with its own values, past the shapes it keeps as well', async () => {
    for (const pass of [0, 1]) {
      for (let added = 0; added < MAX_SHAPES + 5; added++) {
        const n = 1000 * pass + added;
        expect(await plus(db, `plus ${added}`, added, { n, one: 1 })).toEqual([{ sum: n + added }]);
      }
    }
  });

  it('runs the same shapes inside a transaction, on a connection the pool has prepared them on', async () => {
    const sums = ['a', 'b', 'c'].map((_, added) => ({ shape: `tx ${added}`, added }));
    for (const { shape, added } of sums) expect(await plus(db, shape, added, { n: 1, one: 1 })).toEqual([{ sum: 1 + added }]);
    await db.transaction(async (tx) => {
      for (const { shape, added } of [...sums].reverse()) expect(await plus(tx, shape, added, { n: 2, one: 1 })).toEqual([{ sum: 2 + added }]);
    });
  });

  it('refuses a statement that holds a value instead of a placeholder, before it runs', async () => {
    const written = preparedByShape(
      (handle, id: number) => handle.select({ id: backUsers.id }).from(backUsers).where(sql`${backUsers.id} = ${id}`),
      'test_written',
    );
    await expect(written(db, 'by id', 1, {})).rejects.toThrow(/instead of a placeholder/);
  });
});
