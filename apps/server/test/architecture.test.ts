import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The architecture rules of docs/how-to.md ("Modules and layers") and docs/web-guide.md, checked
 * by tools rather than read: server modules import only modules of a lower layer, Biome refuses
 * import cycles anywhere and web features importing one another. Misspelt permission codes fail
 * the typecheck (apps/server/test/permission-codes.type-test.ts).
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
const modulesDir = join(root, 'apps/server/src/modules');

/**
 * Each server module's layer: a module may import modules of lower layers only. A new module gets a
 * layer here (its place in the story of docs/how-to.md) before its first import passes.
 */
const MODULE_LAYERS: Record<string, number> = {
  region: 0,
  sealing: 0,
  dictionary: 0,
  auth: 0,
  menu: 1,
  category: 0,
  commodity: 0,
  'price-template': 1,
  'back-user': 1,
  role: 1,
  supplier: 1,
  warehouse: 1,
  'company-info': 0,
  freight: 2,
  message: 2,
  planning: 3,
  'data-board': 3,
  'purchase-order': 4,
  'purchase-return': 5,
  'procurement-task': 5,
  'supplier-statement': 5,
  'plan-generation': 6,
  workbench: 6,
  'operation-log': 6,
  portal: 6,
};

interface Edge {
  from: string;
  to: string;
  file: string;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

/**
 * Imports of one module by another, read from the source: each relative import is resolved from
 * its file, so a file in a module's subfolder (`commodity/search/…`) counts like any other.
 */
function moduleEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const module of readdirSync(modulesDir, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    for (const file of filesUnder(join(modulesDir, module.name))) {
      for (const [, target] of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']*)'/g)) {
        const inModules = relative(modulesDir, resolve(dirname(file), target));
        if (inModules.startsWith('..')) continue;
        const to = inModules.split(sep)[0];
        if (to !== module.name) edges.push({ from: module.name, to, file: file.slice(root.length) });
      }
    }
  }
  return edges;
}

/** The edges that break the layering, each with the reason. */
function layerViolations(edges: Edge[], layers = MODULE_LAYERS): string[] {
  return edges.flatMap(({ from, to, file }) => {
    if (layers[from] === undefined) return [`${from}: module without a layer (${file})`];
    if (layers[to] === undefined) return [`${to}: module without a layer (imported by ${file})`];
    return layers[to] < layers[from] ? [] : [`${file} imports ${to} (layer ${layers[to]}) from layer ${layers[from]}`];
  });
}

function biomeLint(files: string[]): string {
  try {
    return execFileSync('npx', ['biome', 'lint', '--max-diagnostics=50', ...files], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  }
}

const planted: string[] = [];
const plant = (path: string, text: string) => {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
  planted.push(full);
  return path;
};
afterEach(() => {
  for (const file of planted.splice(0)) rmSync(file, { force: true });
});

describe('server module layers', () => {
  it('every module has a layer and imports only lower layers', () => {
    const modules = readdirSync(modulesDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(modules.filter((m) => MODULE_LAYERS[m] === undefined)).toEqual([]);
    expect(layerViolations(moduleEdges())).toEqual([]);
  });

  it('refuses a planted upward import (planning reaching into procurement)', () => {
    const edges = [...moduleEdges(), { from: 'planning', to: 'procurement-task', file: 'apps/server/src/modules/planning/planted.ts' }];
    expect(layerViolations(edges)).toEqual(['apps/server/src/modules/planning/planted.ts imports procurement-task (layer 5) from layer 3']);
  });

  it('sees an upward import from a subfolder of a module', () => {
    const file = plant(
      'apps/server/src/modules/planning/planted-folder/planted.ts',
      "import { listTasks } from '../../procurement-task/queries';\nexport const planted = listTasks;\n",
    );
    expect(layerViolations(moduleEdges())).toEqual([`${file} imports procurement-task (layer 5) from layer 3`]);
  });
});

describe('Biome guards the import graph', () => {
  it('refuses an import cycle', () => {
    const a = plant('apps/server/src/lib/planted-cycle-a.ts', "import { b } from './planted-cycle-b';\nexport const a = (): number => b() + 1;\n");
    const b = plant('apps/server/src/lib/planted-cycle-b.ts', "import { a } from './planted-cycle-a';\nexport const b = (): number => a() + 1;\n");
    expect(biomeLint([a, b])).toContain('lint/suspicious/noImportCycles');
  });

  it('refuses a web feature importing another feature, by alias or by a relative path', () => {
    const file = plant(
      'apps/web/src/features/commodity/planted-import.ts',
      "import { useCategoryTree } from '@/features/category/api/category';\nimport { x } from '../freight/api/freight';\nexport const planted = [useCategoryTree, x];\n",
    );
    const output = biomeLint([file]);
    expect(output.match(/lint\/style\/noRestrictedImports/g)).toHaveLength(2);
  });

  it('lets a feature import itself and shared code', () => {
    const file = plant(
      'apps/web/src/features/commodity/planted-import.ts',
      "import { x } from '@/features/commodity/api/commodity';\nimport { y } from '@/shared/http/api';\nexport const planted = [x, y];\n",
    );
    expect(biomeLint([file])).not.toContain('noRestrictedImports');
  });

  it('refuses a portal file importing antd, zod, a feature or the admin app', () => {
    const file = plant(
      'apps/web/src/portal/components/planted-import.ts',
      [
        "import { Button } from 'antd';",
        "import { z } from 'zod';",
        "import { DeadlineCountdown } from '@/features/procurement/components/deadline-countdown';",
        "import { x } from '../../features/planning/api/planning';",
        "import { ShellLayout } from '@/app/shell/shell-layout';",
        'export const planted = [Button, z, DeadlineCountdown, x, ShellLayout];',
        '',
      ].join('\n'),
    );
    expect(biomeLint([file]).match(/lint\/style\/noRestrictedImports/g)).toHaveLength(5);
  });

  it('refuses shared code importing a feature, by alias or by a relative path', () => {
    const file = plant(
      'apps/web/src/shared/ui/planted-import.ts',
      "import { x } from '@/features/procurement/api/task';\nimport { y } from '../../features/planning/api/planning';\nexport const planted = [x, y];\n",
    );
    expect(biomeLint([file]).match(/lint\/style\/noRestrictedImports/g)).toHaveLength(2);
  });

  it('lets a portal file import shared code and the contract', () => {
    const file = plant(
      'apps/web/src/portal/components/planted-import.ts',
      "import { formatDateTime } from '@scm/contract';\nimport { y } from '@/shared/http/api';\nexport const planted = [formatDateTime, y];\n",
    );
    expect(biomeLint([file])).not.toContain('noRestrictedImports');
  });

  it('refuses a dayjs value import in a feature, shared code or the app, and lets the Dayjs type through', () => {
    const valueImport = "import dayjs from 'dayjs';\nexport const planted = () => dayjs();\n";
    const files = [
      plant('apps/web/src/features/planning/planted-import.ts', valueImport),
      plant('apps/web/src/shared/ui/planted-import.ts', valueImport),
      plant('apps/web/src/app/planted-import.ts', valueImport),
    ];
    expect(biomeLint(files).match(/lint\/style\/noRestrictedImports/g)).toHaveLength(3);
    const typeOnly = plant(
      'apps/web/src/features/planning/planted-type.ts',
      "import type { Dayjs } from 'dayjs';\nexport const planted = (d: Dayjs) => d.isValid();\n",
    );
    expect(biomeLint([typeOnly])).not.toContain('noRestrictedImports');
  });

  it('has the isolation rule for every web feature folder', () => {
    const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8')) as { overrides?: { includes: string[] }[] };
    const covered = new Set((config.overrides ?? []).flatMap((o) => o.includes));
    const features = readdirSync(join(root, 'apps/web/src/features'), { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(features.map((f) => `apps/web/src/features/${f.name}/**`).filter((glob) => !covered.has(glob))).toEqual([]);
  });
});
