/**
 * Draws daily codes with lib/records/codes.ts nextCode, each in its own transaction, `count` of them with
 * `concurrency` in flight, and prints them as JSON. The two-process test runs two of these at once
 * until a route creates coded documents (config.ts dailyCodes.route).
 *   node --import tsx faults/code-burst.ts <prefix> <count> <concurrency> <iso-date>
 */
import { nextCode, openDatabase } from '../../apps/server/src';

const [prefix, count, concurrency, at] = process.argv.slice(2);
const database = openDatabase({ url: process.env.DATABASE_URL, dataDir: 'unused' });
const now = new Date(at);
const codes: string[] = [];
let next = 0;
const worker = async () => {
  while (next < Number(count)) {
    next++;
    codes.push(await database.db.transaction((tx) => nextCode(tx, prefix, now)));
  }
};
// Both processes start drawing at the same wall-clock moment, so their draws really overlap.
const startAt = Number(process.env.START_AT ?? 0);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
await Promise.all(Array.from({ length: Number(concurrency) }, worker));
await database.close();
process.stdout.write(JSON.stringify(codes));
