import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { routeCodesSource } from '../scripts/route-codes';

/*
 * The web shows a button to the users whose code lets them call its route, reading the codes from the
 * contract's ROUTE_CODES (docs/web-guide.md, "Buttons and codes"). That table is generated from the
 * route registry; a route whose code changed without it fails here.
 */
it('the contract’s ROUTE_CODES is the route registry’s codes (npm run route-codes -w apps/server writes it)', () => {
  const written = readFileSync(new URL('../../../packages/contract/src/route-codes.ts', import.meta.url), 'utf8');
  expect(written).toBe(routeCodesSource());
});
