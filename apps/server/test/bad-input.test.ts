import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyRoute, isPortalRoute } from '../src/lib/http/route';
import { allRoutes } from '../src/modules';
import { databaseFingerprint } from './fingerprint';
import { createTestApp, type TestApp } from './helpers';
import { impossibleDateBodies, isStrictObject, junkBodies, metaCharacterBodies, overflowBodies, uncleanTextBodies } from './junk';
import { portalWorld } from './portal-fixtures';

/**
 * docs/rules/quality-bars.md "Bad input", generated from the route registry: every route gets junk bodies built
 * from its own schema plus generic junk, sent by the administrator (who holds every code) or, on
 * /api/portal, by a signed-in supplier invited to a task, and
 * must answer 400 with field errors (or 413), never 500, and change nothing.
 */

let t: TestApp;
let admin: string;
let supplier: string;
/** The caller that passes the route's guard, so the junk reaches validation. */
const callerOf = (route: AnyRoute) => (isPortalRoute(route) ? supplier : admin);
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  supplier = (await portalWorld(t, admin)).a.token;
});
afterAll(() => t.close());

const READ_ACTIONS = new Set(['list', 'options', 'info', 'detail', 'filters', 'tree']);
const isRead = (path: string) => READ_ACTIONS.has(path.split('/').at(-1) ?? '');

describe('every request body is a strict object', () => {
  it.each(allRoutes.map((r) => [r.endpoint.path, r] as const))('%s', (_path, route) => {
    expect(isStrictObject(route.endpoint.body), 'use z.strictObject so unknown fields are refused').toBe(true);
  });
});

describe('junk bodies are refused without a 500 or a database change', () => {
  it.each(allRoutes.map((r) => [r.endpoint.path, r] as const))('%s', async (_path, route) => {
    const junk = junkBodies(route.endpoint.body);
    expect(junk.length).toBeGreaterThanOrEqual(12);
    const before = await databaseFingerprint(t.database.db);
    const wrong: string[] = [];
    for (const { label, body, expect: expected } of junk) {
      const answer = await t.call(route.endpoint, body, callerOf(route));
      // Upload routes take bodies past 1 MB: there the junk reaches validation and must be refused by it.
      const allowsLargeBodies = (route.bodyLimit ?? 0) > 1024 * 1024;
      const refused =
        expected === 413 && allowsLargeBodies
          ? answer.status === 200 && (answer.code === 400 || answer.code === 404)
          : expected === 413
            ? answer.status === 413
            : typeof body === 'string'
              ? answer.status === 400 || (answer.status === 200 && answer.code === 400)
              : answer.status === 200 && answer.code === 400 && Array.isArray(answer.data?.field_errors) && answer.data.field_errors.length > 0;
      if (!refused) wrong.push(`${label} → HTTP ${answer.status}, code ${answer.code}: ${answer.message}`);
    }
    expect(wrong).toEqual([]);
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });
});

describe('text hygiene: unclean text in any string field is refused naming that field', () => {
  const withText = allRoutes.filter((r) => uncleanTextBodies(r.endpoint.body).length > 0);
  it.each(withText.map((r) => [r.endpoint.path, r] as const))('%s', async (_path, route) => {
    const before = await databaseFingerprint(t.database.db);
    const wrong: string[] = [];
    for (const { label, body, field } of uncleanTextBodies(route.endpoint.body)) {
      const answer = await t.call(route.endpoint, body, callerOf(route));
      const named = (answer.data?.field_errors ?? []).some((e: { field: string }) => e.field === field);
      if (answer.status !== 200 || answer.code !== 400 || !named) {
        wrong.push(`${label} → HTTP ${answer.status}, code ${answer.code}: ${answer.message} ${JSON.stringify(answer.data)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });
});

describe('impossible dates in any date field are refused naming that field', () => {
  const withDates = allRoutes.filter((r) => impossibleDateBodies(r.endpoint.body).length > 0);
  it('finds the date fields', () => {
    expect(withDates.map((r) => r.endpoint.path)).toEqual(
      expect.arrayContaining(['/admin/planning_task/create', '/admin/quotation/save', '/admin/data_board/summary']),
    );
  });
  it.each(withDates.map((r) => [r.endpoint.path, r] as const))('%s', async (_path, route) => {
    const before = await databaseFingerprint(t.database.db);
    const wrong: string[] = [];
    for (const { label, body, field } of impossibleDateBodies(route.endpoint.body)) {
      const answer = await t.call(route.endpoint, body, callerOf(route));
      const named = (answer.data?.field_errors ?? []).some((e: { field: string }) => e.field === field);
      if (answer.status !== 200 || answer.code !== 400 || !named)
        wrong.push(`${label} → HTTP ${answer.status}, code ${answer.code}: ${answer.message}`);
    }
    expect(wrong).toEqual([]);
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });
});

describe('a quantity and a unit price at their maximum are a field error, never an overflow', () => {
  const withAmounts = allRoutes.filter((r) => overflowBodies(r.endpoint.body).length > 0);
  it('finds the amount pairs', () => {
    expect(withAmounts.map((r) => r.endpoint.path)).toEqual(
      expect.arrayContaining(['/admin/planning_task/create', '/admin/planning_task/update', '/admin/procurement_task/create']),
    );
  });
  it.each(withAmounts.map((r) => [r.endpoint.path, r] as const))('%s', async (_path, route) => {
    const before = await databaseFingerprint(t.database.db);
    const wrong: string[] = [];
    for (const { label, body, fields } of overflowBodies(route.endpoint.body)) {
      const answer = await t.call(route.endpoint, body, admin);
      const named = (answer.data?.field_errors ?? []).some((e: { field: string }) => fields.includes(e.field));
      if (answer.status !== 200 || answer.code !== 400 || !named) {
        wrong.push(`${label} → HTTP ${answer.status}, code ${answer.code}: ${answer.message} ${JSON.stringify(answer.data)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });
});

describe('SQL, HTML and odd unicode in the filters of read routes', () => {
  const reads = allRoutes.filter((r) => isRead(r.endpoint.path));
  it.each(reads.map((r) => [r.endpoint.path, r] as const))('%s', async (_path, route) => {
    const before = await databaseFingerprint(t.database.db);
    const wrong: string[] = [];
    for (const body of metaCharacterBodies(route.endpoint.body)) {
      const answer = await t.call(route.endpoint, body, callerOf(route));
      if (answer.status !== 200 || ![200, 400, 404].includes(answer.code)) {
        wrong.push(`${JSON.stringify(body).slice(0, 80)} → HTTP ${answer.status}, code ${answer.code}: ${answer.message}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });
});
