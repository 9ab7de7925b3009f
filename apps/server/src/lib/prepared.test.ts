import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import type { Db } from '../db/client';
import { backUsers } from '../db/schema';
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

  it('refuses a statement that holds a value instead of a placeholder, before it runs', async () => {
    const written = preparedByShape(
      (handle, id: number) => handle.select({ id: backUsers.id }).from(backUsers).where(sql`${backUsers.id} = ${id}`),
      'test_written',
    );
    await expect(written(db, 'by id', 1, {})).rejects.toThrow(/instead of a placeholder/);
  });
});
