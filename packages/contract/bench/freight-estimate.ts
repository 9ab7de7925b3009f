import { setupFreightEstimate } from './freight-cart';

/** quality.md: the pure estimate of a 100-item cart over 3 templates, ≥ 100,000 estimates/s on one core. */
const FLOOR = 100_000;
const estimate = setupFreightEstimate();

let sink = 0;
const run = (n: number) => {
  for (let i = 0; i < n; i++) sink += estimate();
};
run(20_000);
const rounds: number[] = [];
for (let r = 0; r < 5; r++) {
  const n = 50_000;
  const start = process.hrtime.bigint();
  run(n);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  rounds.push(n / seconds);
}
rounds.sort((a, b) => a - b);
const median = Math.round(rounds[2]);
console.log(`freight estimate (100 items, 3 templates): ${median.toLocaleString('en-US')} estimates/s on one core`);
console.log(`floor ${FLOOR.toLocaleString('en-US')}/s → ratio ${(median / FLOOR).toFixed(2)} ${median >= FLOOR ? 'PASS' : 'FAIL'} (checksum ${sink % 997})`);
