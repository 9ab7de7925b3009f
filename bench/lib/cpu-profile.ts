import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The parts of a V8 `.cpuprofile` this summary reads. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileShare {
  /** A package (`pg`, `fastify`, `zod`…), a folder of this repository, `node:` internals, or V8's own bucket (`(garbage collector)`). */
  where: string;
  /** Self time in ms. */
  ms: number;
  /** Of the time the thread was busy (idle excluded). */
  share: number;
}

export interface ProfileSummary {
  file: string;
  totalMs: number;
  /** Share of the profiled time the thread was not idle: near 1, requests queue for it. */
  busyShare: number;
  top: ProfileShare[];
}

/** Where self time falls: the npm package, or the repository folder two levels below `src/`. */
function placeOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(V8 / native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node: 内置模块';
  const own = /\/(apps\/[^/]+\/src|packages\/[^/]+\/src)\/([^/]+)(?:\/([^/]+))?/.exec(url);
  if (own) return [own[1], own[2], own[3]?.includes('.') ? undefined : own[3]].filter(Boolean).join('/');
  return url;
}

/**
 * Self time by place in the newest main-thread `.cpuprofile` in `dir`: the server writes one per
 * thread when it exits, named `CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile`, the main thread 0.
 */
export function summarizeProfile(dir: string, topN = 12): ProfileSummary | null {
  const files = readdirSync(dir)
    .filter((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f))
    .sort();
  const file = files.at(-1);
  if (!file) return null;
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
  const placeOfNode = new Map(profile.nodes.map((n) => [n.id, placeOf(n.callFrame.url, n.callFrame.functionName)]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    total += us;
    const place = placeOfNode.get(id) ?? '(unknown)';
    self.set(place, (self.get(place) ?? 0) + us);
  });
  const idle = self.get('(idle)') ?? 0;
  self.delete('(idle)');
  const busy = Math.max(1, total - idle);
  const top = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, topN)
    .map(([where, us]) => ({ where, ms: us / 1000, share: us / busy }));
  return { file: join(dir, file), totalMs: total / 1000, busyShare: busy / Math.max(1, total), top };
}
