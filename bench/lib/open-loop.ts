import { Agent, request } from 'node:http';
import { percentile } from './report';

export interface OpenLoopOptions {
  baseUrl: string;
  /** Sent in turn, one per tick: the mix a page full of users asks for. */
  requests: { path: string; body: unknown }[];
  token: string;
  ratePerS: number;
  durationS: number;
}

export type OpenLoopResult = {
  sent: number;
  /** Answers per second actually completed over the run. */
  achievedPerS: number;
  p50: number;
  p99: number;
  max: number;
  /** Connection errors, time-outs (10 s), non-2xx answers and envelopes whose code is not 200. */
  errors: number;
  /** The errors by kind (`超时`, `连接`, `HTTP 503`, `code 429`…), to tell a queue from a refusal. */
  errorKinds: Record<string, number>;
  /** The endpoints slowest to answer once sent (p99 of their own service time, not of the queue before it), slowest first. */
  slowest: { path: string; count: number; p50: number; p99: number }[];
};

/**
 * Offers a fixed rate of requests whatever the server does, and times each from when it was due,
 * not from when it left: a server that stalls makes every request behind the stall late, and the
 * percentiles show it (no coordinated omission, unlike a closed loop of N connections that simply
 * waits and sends less).
 */
export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const url = new URL(options.baseUrl);
  const payloads = options.requests.map((r) => ({ path: `/api${r.path}`, body: Buffer.from(JSON.stringify(r.body)) }));
  const total = Math.round(options.ratePerS * options.durationS);
  const intervalMs = 1000 / options.ratePerS;
  const latencies: number[] = [];
  let errors = 0;
  const errorKinds: Record<string, number> = {};
  const serviceTimes = new Map<string, number[]>();

  const send = (index: number, dueAt: number) =>
    new Promise<void>((resolve) => {
      const payload = payloads[index % payloads.length];
      const sentAt = performance.now();
      let settled = false;
      const done = (failure: string | null) => {
        if (settled) return;
        settled = true;
        const now = performance.now();
        if (failure === null) {
          latencies.push(now - dueAt);
          const times = serviceTimes.get(payload.path) ?? [];
          times.push(now - sentAt);
          serviceTimes.set(payload.path, times);
        } else {
          errors++;
          errorKinds[failure] = (errorKinds[failure] ?? 0) + 1;
        }
        resolve();
      };
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: payload.path,
          timeout: 10_000,
          headers: { 'content-type': 'application/json', 'content-length': payload.body.length, authorization: `Bearer ${options.token}` },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            if (res.statusCode !== 200) done(`HTTP ${res.statusCode}`);
            else if (!text.startsWith('{"code":200')) done(`code ${/^\{"code":(\d+)/.exec(text)?.[1] ?? '?'}`);
            else done(null);
          });
          res.on('error', () => done('连接'));
        },
      );
      req.on('timeout', () => {
        done('超时');
        req.destroy();
      });
      req.on('error', () => done('连接'));
      req.end(payload.body);
    });

  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const dueAt = started + i * intervalMs;
    const wait = dueAt - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(i, dueAt));
  }
  await Promise.all(inFlight);
  const elapsedS = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    sent: total,
    achievedPerS: latencies.length / elapsedS,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    errors,
    errorKinds,
    slowest: [...serviceTimes]
      .map(([path, times]) => {
        const inOrder = times.sort((a, b) => a - b);
        return { path: path.replace(/^\/api/, ''), count: times.length, p50: percentile(inOrder, 50), p99: percentile(inOrder, 99) };
      })
      .sort((a, b) => b.p99 - a.p99)
      .slice(0, 5),
  };
}

/**
 * What each request of the mix costs alone: sent one after another, `rounds` times each, the median.
 * Beside the open loop's figures it tells what the server and the database spend per request from
 * what it queues.
 */
export async function aloneTimes(options: Pick<OpenLoopOptions, 'baseUrl' | 'requests' | 'token'>, rounds = 5) {
  const url = new URL(options.baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = (path: string, body: Buffer) =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path,
          headers: { 'content-type': 'application/json', 'content-length': body.length, authorization: `Bearer ${options.token}` },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(performance.now() - started));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const medians: { path: string; median: number }[] = [];
  for (const r of options.requests) {
    const path = `/api${r.path}`;
    const body = Buffer.from(JSON.stringify(r.body));
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) times.push(await once(path, body));
    medians.push({
      path: r.path,
      median: percentile(
        times.sort((a, b) => a - b),
        50,
      ),
    });
  }
  agent.destroy();
  return medians.sort((a, b) => b.median - a.median);
}
