import { createHash } from 'node:crypto';
import { is, Param as BoundParam, Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * A hot read as a named prepared statement, built once per database handle: calls skip drizzle's
 * query building and PostgreSQL's parse and plan. Values come in through `sql.placeholder()`. A
 * transaction is a handle of its own, so inside one the statement is built for it and runs on the
 * transaction's connection.
 */
export function prepared<Q>(build: (db: Db, name: string) => Q, name: string): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db, name);
      built.set(db, query);
    }
    return query;
  };
}

/** Statements one handle keeps per shaped read; a shape past them runs unnamed, built for its request. */
export const MAX_SHAPES = 32;

interface ShapedQuery<R> {
  execute(values: Record<string, unknown>): Promise<R>;
  getQuery(): { params: unknown[] };
}

/**
 * A hot read whose statement depends on which filters a request uses (a list page): one named
 * prepared statement per shape, built from the request's `parts` the first time that shape comes,
 * so later requests of the shape skip drizzle's query building and PostgreSQL's parse and plan.
 * `build` must pass every value as a `sql.placeholder()`: a value written into the statement would
 * be sent again with the next request of the same shape, whoever made it, so a statement that holds
 * one throws here. The shape must name everything the statement's text depends on.
 */
export function preparedByShape<P, R>(build: (db: Db, parts: P) => { prepare(name: string): ShapedQuery<R> }, name: string) {
  const byHandle = new WeakMap<Db, Map<string, ShapedQuery<R>>>();
  return async (db: Db, shape: string, parts: P, values: Record<string, unknown>): Promise<R> => {
    let shapes = byHandle.get(db);
    if (!shapes) {
      shapes = new Map();
      byHandle.set(db, shapes);
    }
    let query = shapes.get(shape);
    if (!query) {
      // Named after its shape, so a name means one text on every connection, whichever handle (a
      // transaction's too) prepared it there. Past the limit it runs unnamed: PostgreSQL replaces it.
      const statementName = shapes.size < MAX_SHAPES ? `${name}_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}` : '';
      query = build(db, parts).prepare(statementName);
      const literal = query.getQuery().params.find((param) => !(is(param, Placeholder) || (is(param, BoundParam) && is(param.value, Placeholder))));
      if (literal !== undefined) throw new Error(`${name}: a value is written into the statement instead of a placeholder: ${String(literal)}`);
      if (statementName) shapes.set(shape, query);
    }
    return query.execute(values);
  };
}

/** How a value enters a statement: written into it, or as a placeholder of a prepared statement (`placeholders`). */
export type Param = <T>(name: string, value: T) => T | Placeholder;

/** Values written into the statement: a statement built for one request. */
export const written: Param = (_name, value) => value;

/** Values as placeholders, kept by name in `values`: what a prepared statement's call passes. */
export function placeholders() {
  const values: Record<string, unknown> = {};
  const param: Param = (name, value) => {
    values[name] = value;
    return sql.placeholder(name);
  };
  return { param, values };
}
