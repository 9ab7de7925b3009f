/**
 * `npm run bench`: server throughput against the floor, soak, freight estimate and web bytes and
 * timings, each figure printed beside its bar from docs/rules/quality-bars.md. Writes bench/results/latest.json.
 * Timings are reported here, never asserted in tests.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  aggregates,
  endpoints,
  freight,
  recordedAggregates,
  scaleTables,
  soakWritesPerSecond,
  writeStream,
} from './config';
import { apiClient } from './lib/api';
import type { Body, Query } from './lib/query';
import { load, loadMixed } from './lib/load';
import { aloneTimes, openLoop } from './lib/open-loop';
import { createScratchDatabase, PG_BASE_URL, pgAnswers, queryPool } from './lib/postgres';
import { summarizeProfile } from './lib/cpu-profile';
import { type NodeProcess, repoRoot, sleep, startAppServer, startNode } from './lib/processes';
import { fmt, printTable, type Row, spread } from './lib/report';
import { benchSearch } from './lib/search';
import { portalPhoneTimings } from './lib/portal';
import { benchStatements } from './lib/statements';
import { openStream, type SseStream } from './lib/sse';
import { buildWeb, type WebBuild, webTimings } from './lib/web';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    quick: { type: 'boolean', default: false },
    db: { type: 'string' },
    scale: { type: 'boolean', default: false },
    endpoints: { type: 'string' },
    /** `--profile DIR`: the app server runs with `--cpu-prof` into DIR, and the table says where its thread's time went. */
    profile: { type: 'string' },
  },
});
/** `--endpoints=commodity,compare`: only the endpoints whose API path contains one of these. */
const benchedEndpoints = args.endpoints ? endpoints.filter((e) => args.endpoints?.split(',').some((part) => e.path.includes(part))) : endpoints;
const sections = new Set((args.only ?? 'server,search,statements,soak,messages,freight,web').split(','));
const durations = args.quick
  ? { warmS: 1, loadS: 3, soakS: 15, connections: 50, soakConnections: 200, webLoads: 3 }
  : { warmS: 2, loadS: 10, soakS: 60, connections: 50, soakConnections: 200, webLoads: 5 };
const existingDb = args.db ?? process.env.BENCH_DATABASE_URL;

const rows: Row[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
const log = (line: string) => process.stderr.write(`· ${line}\n`);
const median = (xs: number[]) => spread(xs).median;

async function cleanup() {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch((e) => log(`cleanup: ${e}`));
}
process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

/**
 * A token for the administrator: by logging in, or (on a database seeded elsewhere, whose password
 * the bench does not know) a session of its own; `signedIn` says which.
 */
async function adminToken(api: ReturnType<typeof apiClient>, q: Query): Promise<{ token: string; signedIn: boolean }> {
  const answer = await api.call('/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (answer.code === 200) return { token: answer.data.token, signedIn: true };
  const token = randomBytes(32).toString('base64url');
  await q(
    `insert into sessions (token_hash, user_id, ip, created_at, last_seen_at, expires_at)
     select $1, id, '127.0.0.1', now(), now(), now() + interval '12 hours' from back_users where lower(email) = $2`,
    [createHash('sha256').update(token).digest('hex'), ADMIN_EMAIL],
  );
  return { token, signedIn: false };
}

/** The page timings against the app as `npm start` runs it: embedded PGlite with its demo data. */
async function webTimingsOnDemoData(build: WebBuild) {
  const dataDir = mkdtempSync(join(tmpdir(), 'scm-bench-data-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const app = await startAppServer({ DATA_DIR: dataDir, DATABASE_URL: '', WEB_DIST: build.dist });
  cleanups.push(() => app.stop());
  await webTimings(rows, app.baseUrl, durations.webLoads, log);
  await portalPhoneTimings(rows, app.baseUrl, durations.webLoads, log);
}

async function tableCounts(q: Query) {
  const counts: { table: string; rows: number; full: number }[] = [];
  for (const { table, full } of scaleTables) {
    const [exists] = await q<{ t: string | null }>('select to_regclass($1)::text as t', [table]);
    if (!exists.t) continue;
    const [row] = await q<{ n: number }>(`select count(*)::int as n from ${table}`);
    counts.push({ table, rows: row.n, full });
  }
  return counts;
}

function scaleRow(counts: Awaited<ReturnType<typeof tableCounts>>): Row {
  const full = counts.length > 0 && counts.every((c) => c.rows >= c.full);
  const label = counts.length === 0 ? '演示数据 (无业务表)' : full ? 'seed:scale 全量' : '演示数据 / 部分规模';
  const detail = counts.map((c) => `${c.table} ${fmt.int(c.rows)}`).join(', ');
  return {
    section: '数据规模',
    name: '本次运行的数据',
    value: detail ? `${label}: ${detail}` : label,
    bar: '商品 1,000,000 / 供应商 2,000 / 计划 50,000 (行 500,000) / 采购任务 100,000 (报价行 2,000,000) / 采购订单 100,000',
    // Which data the figures hold for, not a bar of its own: ✓ only when the run was at full scale.
    ok: full ? true : null,
    data: { counts },
  };
}

type ReadSet = { path: string; body: Body; endpoint: (typeof endpoints)[number] }[];
const SERVER_SECTION = '服务端吞吐 (autocannon, PostgreSQL)';

/** Each benched endpoint with its fixture's request, kept when the app answers it: the mixed read set. */
async function readSetOf(app: NodeProcess, token: string, q: Query): Promise<ReadSet> {
  const api = apiClient(app.baseUrl);
  const readSet: ReadSet = [];
  for (const endpoint of benchedEndpoints) {
    const fixtures = endpoint.prepare ? await endpoint.prepare(q) : {};
    const body: Body = endpoint.body(fixtures);
    const check = await api.call(endpoint.path, body, token);
    if (check.status === 404) {
      rows.push({ section: SERVER_SECTION, name: endpoint.name, value: '此分支尚无该接口', bar: '', ok: null });
    } else if (check.code !== 200) {
      rows.push({ section: SERVER_SECTION, name: endpoint.name, value: `无法测量: 应用 ${check.code} ${check.message}`, bar: '', ok: false });
    } else readSet.push({ path: endpoint.path, body, endpoint });
  }
  return readSet;
}

/**
 * What compression saves on the wire and costs in throughput: the answer's bytes plain, br and gzip,
 * and the app's closed loop asking for br against the same (uncompressed) floor.
 */
async function benchCompressed(app: NodeProcess, token: string, name: string, path: string, body: Body, floorReqPerS: number) {
  // node:http hands over the bytes as sent (fetch would decode them).
  const wire = (encoding: string) =>
    new Promise<{ encoding: string; bytes: number; decoded: number }>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const request = httpRequest(
        `${app.baseUrl}/api${path}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-encoding': encoding },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const raw = Buffer.concat(chunks);
            const used = String(response.headers['content-encoding'] ?? 'identity');
            const decoded = used === 'br' ? brotliDecompressSync(raw) : used === 'gzip' ? gunzipSync(raw) : raw;
            resolve({ encoding: used, bytes: raw.length, decoded: decoded.length });
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  const [plain, br, gzip] = [await wire('identity'), await wire('br'), await wire('gzip')];
  rows.push({
    section: SERVER_SECTION,
    name: `${name} 传输字节`,
    value: `原文 ${fmt.int(plain.decoded)} B, br ${br.encoding === 'br' ? fmt.int(br.bytes) : '未压缩'} B, gzip ${gzip.encoding === 'gzip' ? fmt.int(gzip.bytes) : '未压缩'} B`,
    bar: '',
    ok: null,
    data: { plain: plain.decoded, br: br.bytes, gzip: gzip.bytes },
  });
  const compressed = await load({
    url: `${app.baseUrl}/api${path}`,
    body,
    token,
    connections: durations.connections,
    durationS: durations.loadS,
    acceptEncoding: 'br, gzip',
  });
  const ratio = compressed.reqPerS / floorReqPerS;
  rows.push({
    section: SERVER_SECTION,
    name: `${name} 吞吐 (br 压缩)`,
    value: `${fmt.int(compressed.reqPerS)} req/s = ${fmt.ratio(ratio)} 底线 (底线不压缩), 错误 ${compressed.errors}`,
    bar: '',
    ok: compressed.errors === 0 ? null : false,
    data: { app: compressed, ratio },
  });
}

/** Closed-loop throughput of each endpoint of the read set against the floor. */
async function benchEndpoints(app: NodeProcess, token: string, readSet: ReadSet, dbUrl: string) {
  const floor = await startNode(new URL('./floor-server.ts', import.meta.url).pathname, { DATABASE_URL: dbUrl });
  cleanups.push(() => floor.stop());
  const floorApi = apiClient(floor.baseUrl);
  for (const { endpoint, body } of readSet) {
    const floorCheck = await floorApi.call(endpoint.path, body, token);
    if (floorCheck.code !== 200) {
      rows.push({
        section: SERVER_SECTION,
        name: endpoint.name,
        value: `无法测量: 底线 ${floorCheck.code} ${floorCheck.message}`,
        bar: '',
        ok: false,
      });
      continue;
    }
    const run = (url: string, durationS: number) =>
      load({ url: `${url}/api${endpoint.path}`, body, token, connections: durations.connections, durationS });
    log(`${endpoint.name}: 预热, 底线 ${durations.loadS}s, 应用 ${durations.loadS}s`);
    await run(floor.baseUrl, durations.warmS);
    await run(app.baseUrl, durations.warmS);
    const base = await run(floor.baseUrl, durations.loadS);
    const mine = await run(app.baseUrl, durations.loadS);
    const ratio = mine.reqPerS / base.reqPerS;
    rows.push({
      section: SERVER_SECTION,
      name: `${endpoint.name} 吞吐`,
      value: `${fmt.int(mine.reqPerS)} req/s, 底线 ${fmt.int(base.reqPerS)} req/s = ${fmt.ratio(ratio)}`,
      bar: '≥ 0.70× 底线',
      ok: ratio >= 0.7,
      data: { app: mine, floor: base, ratio },
    });
    rows.push({
      section: SERVER_SECTION,
      name: `${endpoint.name} 延迟`,
      value: `p50 ${fmt.ms(mine.p50)}, p99 ${fmt.ms(mine.p99)} (底线 p99 ${fmt.ms(base.p99)})`,
      // Closed-loop latency measures the queue of 50 connections, not a user: the bar is on the open loop below.
      bar: '',
      ok: null,
    });
    if (mine.errors + base.errors > 0) {
      rows.push({ section: SERVER_SECTION, name: `${endpoint.name} 错误`, value: `应用 ${mine.errors}, 底线 ${base.errors}`, bar: '0', ok: false });
    }
    await benchCompressed(app, token, endpoint.name, endpoint.path, body, base.reqPerS);
  }
  rows.push({
    section: SERVER_SECTION,
    name: '列表压测后服务端 RSS',
    value: fmt.mb(app.rss()),
    bar: '≤ 300 MB',
    ok: app.rss() <= 300 * 1024 * 1024,
    data: { rssBytes: app.rss(), floorRssBytes: floor.rss() },
  });
  await floor.stop();
}

/**
 * The mixed read set at a fixed offered rate (p99 per docs/rules/quality-bars.md). It runs before
 * the closed loops: right after minutes of saturating load the machine is not quiet (load average
 * 5–9 on two cores, PostgreSQL writing back the pages those runs touched), and the tail measured
 * then is theirs, not that of 200 req/s.
 */
async function benchOpenLoop(app: NodeProcess, token: string, readSet: ReadSet) {
  if (readSet.length === 0) return;
  const ratePerS = 200;
  const section = `服务端延迟 (开环 ${ratePerS} req/s, 混合读)`;
  await openLoop({ baseUrl: app.baseUrl, requests: readSet, token, ratePerS, durationS: durations.warmS });
  const open = await openLoop({ baseUrl: app.baseUrl, requests: readSet, token, ratePerS, durationS: durations.loadS * 2 });
  rows.push({
    section,
    name: `${readSet.length} 个接口轮流, ${fmt.int(open.sent)} 次`,
    value: `p50 ${fmt.ms(open.p50)}, p99 ${fmt.ms(open.p99)}, 最大 ${fmt.ms(open.max)}, 完成 ${fmt.int(open.achievedPerS)} req/s, 负载 ${loadavg()[0].toFixed(1)}`,
    bar: 'p99 ≤ 50 ms, 0 错误',
    ok: open.p99 <= 50 && open.errors === 0,
    data: open,
  });
  if (open.errors > 0) {
    const kinds = Object.entries(open.errorKinds).map(([kind, n]) => `${kind} × ${n}`);
    rows.push({ section, name: '错误', value: `${open.errors} (${kinds.join(', ')})`, bar: '0', ok: false });
  }
  // Where the time goes: what each request costs alone, against the 5 ms a request may take at 200 req/s…
  const alone = await aloneTimes({ baseUrl: app.baseUrl, requests: readSet, token });
  const mean = alone.reduce((sum, a) => sum + a.median, 0) / Math.max(1, alone.length);
  rows.push({
    section,
    name: '单独请求 (依次, 中位数)',
    value: `平均 ${fmt.ms(mean)} (服务端与数据库合计, 无并发)`,
    bar: '',
    ok: null,
  });
  for (const a of alone.slice(0, 5)) rows.push({ section, name: `单独: ${a.path}`, value: fmt.ms(a.median), bar: '', ok: null });
  // …and the endpoints slowest to answer once sent in the open loop; what queues behind them is the rest.
  for (const slow of open.slowest) {
    rows.push({
      section,
      name: `最慢: ${slow.path}`,
      value: `服务时间 p50 ${fmt.ms(slow.p50)}, p99 ${fmt.ms(slow.p99)} (${slow.count} 次)`,
      bar: '',
      ok: null,
    });
  }
}

/**
 * Where the app server's thread spent its time over the whole run (self time, idle left out): with
 * `--only=openloop` that is the time 200 req/s of the mixed read set cost it.
 */
function profileRows(dir: string) {
  const section = '服务端 CPU 剖析 (--profile)';
  const summary = summarizeProfile(dir);
  if (!summary) {
    rows.push({ section, name: '剖析文件', value: `${dir} 中没有 .cpuprofile`, bar: '', ok: false });
    return;
  }
  rows.push({
    section,
    name: '线程忙碌',
    value: `${fmt.pct(summary.busyShare)} / ${fmt.ms(summary.totalMs)} (${summary.file})`,
    bar: '',
    ok: null,
  });
  for (const part of summary.top) {
    rows.push({ section, name: part.where, value: `${fmt.pct(part.share)} (${fmt.ms(part.ms)})`, bar: '', ok: null });
  }
}

/** Closed-loop throughput of the mixed read set with one server process and with `WORKERS=2` on the same database. */
async function benchWorkers(app: NodeProcess, token: string, readSet: ReadSet, dbUrl: string, webDist: string) {
  if (readSet.length === 0) return;
  const mixed = (baseUrl: string) => loadMixed({ baseUrl, requests: readSet, token, connections: durations.connections, durationS: durations.loadS });
  const single = await mixed(app.baseUrl);
  const workers = await startAppServer({ DATABASE_URL: dbUrl, WEB_DIST: webDist, WORKERS: '2' });
  cleanups.push(() => workers.stop());
  await mixed(workers.baseUrl);
  const two = await mixed(workers.baseUrl);
  await workers.stop();
  rows.push({
    section: SERVER_SECTION,
    name: '混合读 1 / 2 个进程 (WORKERS=2)',
    value: `${fmt.int(single.reqPerS)} → ${fmt.int(two.reqPerS)} req/s = ${fmt.ratio(two.reqPerS / single.reqPerS)} (${availableParallelism()} 核, 数据库同机)`,
    bar: '',
    ok: single.errors + two.errors === 0 ? null : false,
    data: { single, two },
  });
}

async function benchAggregates(q: Query) {
  for (const aggregate of [...aggregates, ...(await Promise.all(recordedAggregates.map((record) => record())))]) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await q(aggregate.sql, aggregate.params);
      times.push(performance.now() - started);
    }
    const m = median(times);
    rows.push({ section: '数据看板聚合', name: aggregate.name, value: `中位数 ${fmt.ms(m)}`, bar: '≤ 300 ms', ok: m <= 300, data: { times } });
  }
  if (aggregates.length === 0) {
    rows.push({ section: '数据看板聚合', name: '聚合查询', value: '尚无 (bench/config.ts aggregates)', bar: '≤ 300 ms', ok: null });
  }
}

async function benchSoak(app: NodeProcess, token: string, q: Query) {
  const section = `浸泡 (${durations.soakConnections} 连接, ${durations.soakS}s, 读写混合)`;
  const writers = Math.max(1, Math.round(durations.soakConnections / 10));
  // Writes are paced (open loop): a login costs an argon2 hash, and unpaced writers would only
  // measure how fast the CPU hashes.
  const writeIntervalMs = (writers * 1000) / soakWritesPerSecond;
  const api = apiClient(app.baseUrl);
  const reads = [];
  for (const endpoint of benchedEndpoints) {
    const body = endpoint.body(endpoint.prepare ? await endpoint.prepare(q) : {});
    if ((await api.call(endpoint.path, body, token)).code === 200) reads.push({ path: endpoint.path, body });
  }
  const [before] = await q<{ n: number }>(writeStream.countSql);
  const rss: { s: number; bytes: number }[] = [];
  const started = Date.now();
  const sampler = setInterval(() => rss.push({ s: Math.round((Date.now() - started) / 1000), bytes: app.rss() }), 5000);
  const answered: string[] = [];
  let writeErrors = 0;
  const deadline = started + durations.soakS * 1000;
  let i = 0;
  const writer = async () => {
    while (Date.now() < deadline) {
      const began = Date.now();
      const key = await writeStream.create(api, token, i++).catch(() => null);
      if (key) answered.push(key);
      else writeErrors++;
      await sleep(Math.min(deadline - Date.now(), writeIntervalMs - (Date.now() - began)));
    }
  };
  log(
    `浸泡 ${durations.soakS}s: ${durations.soakConnections - writers} 个读连接 + ${writers} 个写连接, ${soakWritesPerSecond} 次写/s (${writeStream.name})`,
  );
  const [readResult] = await Promise.all([
    loadMixed({
      baseUrl: app.baseUrl,
      requests: reads,
      token,
      connections: durations.soakConnections - writers,
      durationS: durations.soakS,
    }),
    ...Array.from({ length: writers }, writer),
  ]);
  clearInterval(sampler);
  rss.push({ s: Math.round((Date.now() - started) / 1000), bytes: app.rss() });
  await sleep(500);
  const [after] = await q<{ n: number }>(writeStream.countSql);
  const stored = after.n - before.n;
  const lost = Math.max(0, answered.length - stored);
  const broken = await q<{ problem: string }>(writeStream.brokenSql);
  const sample = answered.filter((_, k) => k % Math.max(1, Math.floor(answered.length / 200)) === 0);
  const missing = (await Promise.all(sample.map((key) => writeStream.check(api, token, key)))).filter(Boolean);
  const errors = readResult.errors + writeErrors;
  rows.push({
    section,
    name: '错误',
    value: `${errors} (读 ${fmt.int(readResult.requests)} 次 ${fmt.int(readResult.reqPerS)} req/s, 读 p99 ${fmt.ms(readResult.p99)}; 写 ${answered.length + writeErrors} 次)`,
    bar: '0',
    ok: errors === 0,
    data: { read: readResult, writes: answered.length, writeErrors },
  });
  rows.push({
    section,
    name: '丢失的写入',
    value: `${lost + missing.length + broken.length} (应答 200: ${answered.length}, 库中新增: ${stored}, 抽查 ${sample.length} 条, 不完整 ${broken.length})`,
    bar: '0',
    ok: lost === 0 && missing.length === 0 && broken.length === 0,
    data: { answered: answered.length, stored, missing, broken },
  });
  const third = rss.find((r) => r.s >= durations.soakS / 3) ?? rss[0];
  const last = rss[rss.length - 1];
  const growth = last.bytes / third.bytes - 1;
  rows.push({
    section,
    name: 'RSS 稳定',
    value: `${fmt.mb(third.bytes)} (${third.s}s) → ${fmt.mb(last.bytes)} (${last.s}s), 峰值 ${fmt.mb(Math.max(...rss.map((r) => r.bytes)))}, 增长 ${(growth * 100).toFixed(0)}%`,
    bar: '后 2/3 增长 ≤ 20%, ≤ 300 MB',
    ok: growth <= 0.2 && last.bytes <= 300 * 1024 * 1024,
    data: { rss },
  });
}

function benchFreight() {
  const section = '运费估算 (纯函数, 单核)';
  if (!freight) {
    rows.push({ section, name: '100 件购物车 × 3 个模板', value: '尚无运费函数 (bench/config.ts freight)', bar: '≥ 100,000 次/s', ok: null });
    return;
  }
  const estimate = freight.setup();
  for (let k = 0; k < 2000; k++) estimate();
  let n = 0;
  const started = performance.now();
  const end = started + 2000;
  while (performance.now() < end) {
    for (let k = 0; k < 500; k++) estimate();
    n += 500;
  }
  const perS = n / ((performance.now() - started) / 1000);
  rows.push({ section, name: '100 件购物车 × 3 个模板', value: `${fmt.int(perS)} 次/s`, bar: '≥ 100,000 次/s', ok: perS >= 100_000, data: { perS } });
}

const MESSAGE_STREAMS = 1000;

/**
 * Live messages (docs/messages.md): 1,000 open streams of one approver on process A, a plan submitted
 * through process B on the same database; reported are A's RSS for the streams and how long after
 * the submit call each stream had the message.
 */
async function benchMessages(app: NodeProcess, dbUrl: string) {
  const section = `实时消息 (${MESSAGE_STREAMS} 条 SSE 连接, 两个进程)`;
  const other = await startAppServer({ DATABASE_URL: dbUrl });
  cleanups.push(() => other.stop());
  const apiA = apiClient(app.baseUrl);
  const apiB = apiClient(other.baseUrl);
  const signIn = async (email: string) => (await apiA.call('/admin/login', { email, password: ADMIN_PASSWORD })).data?.token as string | undefined;
  const [approver, planner] = [await signIn('manager@jiaju.com'), await signIn('planner@jiaju.com')];
  if (!approver || !planner) {
    rows.push({ section, name: '演示账号', value: '无法登录 manager@ / planner@jiaju.com (需要演示数据)', bar: '', ok: null });
    return;
  }
  const goods = (await apiA.call('/admin/commodity/list', { page_size: 1, status: 'enabled' }, planner)).data?.list ?? [];
  const arrivals = new Map<number, number[]>();
  const openAll = async () => {
    const streams: SseStream[] = [];
    for (let i = 0; i < MESSAGE_STREAMS; i++) {
      streams.push(
        await openStream(`${app.baseUrl}/api/admin/message/stream`, { authorization: `Bearer ${approver}` }, ({ data }) => {
          const at = arrivals.get(data.id) ?? [];
          at.push(performance.now());
          arrivals.set(data.id, at);
        }),
      );
    }
    return streams;
  };
  // Once open and closed first, so the baseline holds what any run leaves behind (pools, compiled
  // code) and the difference is the streams themselves.
  for (const stream of await openAll()) stream.close();
  await sleep(2000);
  const rssBefore = app.rss();
  const streams = await openAll();
  await sleep(2000);
  const rssOpen = app.rss();
  const delays: number[] = [];
  let missing = 0;
  for (let round = 0; round < 5; round++) {
    const created = await apiB.call(
      '/admin/planning_task/create',
      {
        name: `实时消息压测${round}`,
        plan_type: 'regular',
        warehouse: 'sh_jiading',
        period_start: '2026-12-01',
        period_end: '2026-12-31',
        lines: [{ commodity_id: goods[0]?.id, quantity: 1 }],
      },
      planner,
    );
    const sent = performance.now();
    const submitted = await apiB.call('/admin/planning_task/submit', { id: created.data?.id, version: 0 }, planner);
    if (submitted.code !== 200) throw new Error(`submit failed: ${submitted.message}`);
    await sleep(3000);
    const [id] = [...arrivals.keys()].slice(-1);
    const at = id ? (arrivals.get(id) ?? []) : [];
    missing += MESSAGE_STREAMS - at.length;
    delays.push(...at.map((t) => t - sent));
    arrivals.clear();
  }
  for (const stream of streams) stream.close();
  delays.sort((a, b) => a - b);
  const p = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))] ?? Number.NaN;
  const perProcess = rssOpen - rssBefore;
  rows.push({
    section,
    name: '投递延迟 (B 提交 → A 的每条连接)',
    value: `中位数 ${fmt.ms(p(0.5))}, p99 ${fmt.ms(p(0.99))}, 最大 ${fmt.ms(delays.at(-1) ?? Number.NaN)}, 未收到 ${missing}`,
    bar: '≤ 2 s',
    ok: missing === 0 && (delays.at(-1) ?? Infinity) <= 2000,
    data: { p50: p(0.5), p99: p(0.99), max: delays.at(-1), missing },
  });
  rows.push({
    section,
    name: `${MESSAGE_STREAMS} 条连接的 RSS 增量 (进程 A)`,
    value: `${fmt.mb(perProcess)} (${fmt.mb(rssBefore)} → ${fmt.mb(rssOpen)})`,
    bar: '≤ 100 MB',
    ok: perProcess <= 100 * 1024 * 1024,
    data: { rssBefore, rssOpen },
  });
}

async function main() {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot }).toString().trim();
  const startedAt = new Date();
  log(`bench ${commit} · ${availableParallelism()} 核 · node ${process.version} · ${args.quick ? '快速模式 (--quick)' : '完整模式'}`);

  const loadBefore = loadavg()[0];
  let build: WebBuild | null = null;
  if (sections.has('web')) {
    build = await buildWeb(rows, log);
    if (build) cleanups.push(async () => build?.dispose());
  }

  const needsServer = ['server', 'openloop', 'soak', 'web', 'search', 'statements', 'messages'].some((s) => sections.has(s));
  if (needsServer && !(await pgAnswers(existingDb ?? PG_BASE_URL))) {
    rows.push({
      section: '服务端吞吐 (autocannon, PostgreSQL)',
      name: 'PostgreSQL',
      value: `无法连接 ${existingDb ?? PG_BASE_URL}`,
      bar: '',
      ok: false,
    });
    // The page timings do not need PostgreSQL.
    if (sections.has('web') && build) await webTimingsOnDemoData(build);
  } else if (needsServer) {
    const db = existingDb ? { url: existingDb, drop: async () => {} } : await createScratchDatabase('scm_bench');
    cleanups.push(() => db.drop());
    log(existingDb ? `数据库: ${existingDb}` : `临时数据库: ${db.url}`);
    const pool = queryPool(db.url);
    cleanups.push(() => pool.end());
    const profiled = { nodeArgs: args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`] : [] };
    let app = await startAppServer({ DATABASE_URL: db.url, WEB_DIST: build?.dist ?? '/nonexistent' }, profiled);
    cleanups.push(() => app.stop());
    if (args.scale && !existsSync(join(repoRoot, 'apps/server/scripts/seed-scale.ts'))) {
      log('--scale: 此分支尚无 seed:scale 脚本, 使用演示数据');
    } else if (args.scale) {
      log('npm run seed:scale (可能需要几分钟)');
      const seeded = spawnSync('npm', ['run', 'seed:scale'], { cwd: repoRoot, env: { ...process.env, DATABASE_URL: db.url }, stdio: 'inherit' });
      if (seeded.status !== 0) throw new Error('seed:scale failed');
      await app.stop();
      app = await startAppServer({ DATABASE_URL: db.url, WEB_DIST: build?.dist ?? '/nonexistent' }, profiled);
      cleanups.push(() => app.stop());
    }
    rows.push(scaleRow(await tableCounts(pool.q)));
    const { token, signedIn } = await adminToken(apiClient(app.baseUrl), pool.q);

    if (sections.has('server') || sections.has('openloop')) {
      const readSet = await readSetOf(app, token, pool.q);
      await benchOpenLoop(app, token, readSet);
      if (sections.has('server')) {
        await benchEndpoints(app, token, readSet, db.url);
        await benchWorkers(app, token, readSet, db.url, build?.dist ?? '/nonexistent');
        await benchAggregates(pool.q);
      }
    }
    if (sections.has('search')) await benchSearch(rows, apiClient(app.baseUrl), token, pool.q, log);
    if (sections.has('statements')) await benchStatements(rows, apiClient(app.baseUrl), token, pool.q, log);
    if (sections.has('soak')) await benchSoak(app, token, pool.q);
    if (sections.has('messages')) await benchMessages(app, db.url);
    if (sections.has('web') && build) {
      // The browser signs in through the login page: on a database seeded elsewhere it cannot.
      if (signedIn) {
        await webTimings(rows, app.baseUrl, durations.webLoads, log);
        await portalPhoneTimings(rows, app.baseUrl, durations.webLoads, log);
      } else await webTimingsOnDemoData(build);
    }
  }
  if (sections.has('freight')) benchFreight();

  await cleanup();
  if (args.profile) profileRows(args.profile);
  rows.push({
    section: '运行环境',
    name: '机器',
    value: `${availableParallelism()} 核, 1 分钟负载 ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)}, node ${process.version}, ${commit}${args.quick ? ', --quick' : ''}`,
    bar: '',
    ok: null,
  });
  const order = ['运行环境', '数据规模', '商品搜索', '服务端 CPU', '服务端', '数据看板', '对账', '浸泡', '实时消息', '运费', 'Web 体积', 'Web 时间'];
  const rank = (row: Row) => order.findIndex((prefix) => row.section.startsWith(prefix));
  rows.sort((a, b) => rank(a) - rank(b));
  const table = printTable(rows);
  console.log(table);
  mkdirSync(new URL('./results', import.meta.url), { recursive: true });
  const resultFile = new URL('./results/latest.json', import.meta.url);
  writeFileSync(
    resultFile,
    `${JSON.stringify({ commit, startedAt, finishedAt: new Date(), quick: args.quick, cores: availableParallelism(), rows }, null, 2)}\n`,
  );
  log(`结果已写入 ${resultFile.pathname}`);
}

main().catch(async (error) => {
  await cleanup();
  console.error(error);
  process.exit(1);
});
