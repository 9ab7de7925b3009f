import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditVocabulary } from '@scm/contract';
import { describe, expect, it } from 'vitest';

/**
 * Every audit row the server writes must have a Chinese label in its area's vocabulary
 * (docs/rules/vocabulary.md). The actions are read from the source: each `writeAudit(` call's
 * `module` and `action`; an action that is not a literal is followed to where it comes from (a
 * parameter of the enclosing function → the literals its callers pass; a table's `.action` → the
 * `action: '…'` entries of the file).
 */
const srcDir = fileURLToPath(new URL('../src/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The text from an opening parenthesis to its matching close. */
function balanced(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

/** The string literals of an expression, leaving out those it compares against (`status === 'enabled' ? …`). */
const literals = (expression: string) => [...expression.matchAll(/(?<![=!]==\s*)'([a-z_]+)'/g)].map((m) => m[1]);

/** The literals passed as parameter `param` of the function enclosing `at`, by its callers in any source file. */
function argumentsOfEnclosing(text: string, at: number, param: string, sources: string[]): string[] {
  const header = [...text.slice(0, at).matchAll(/function (\w+)\s*\(/g)].at(-1);
  if (!header?.index) return [];
  const params = balanced(text, header.index + header[0].length - 1)
    .slice(1, -1)
    .split(',')
    .map((p) => p.trim().split(/[:\s=?]/)[0]);
  const position = params.indexOf(param);
  if (position < 0) return [];
  return sources.flatMap((source) =>
    [...source.matchAll(new RegExp(`\\b${header[1]}\\(`, 'g'))]
      .filter((call) => source !== text || call.index !== header.index + 'function '.length)
      .flatMap((call) => {
        const args = balanced(source, (call.index ?? 0) + header[1].length)
          .slice(1, -1)
          .split(',');
        return literals(args[position] ?? '');
      }),
  );
}

interface Written {
  file: string;
  module: string;
  action: string;
}

function writtenActions(): Written[] {
  const found: Written[] = [];
  const paths = sourceFiles(srcDir);
  const sources = paths.map((path) => readFileSync(path, 'utf8'));
  for (const [index, path] of paths.entries()) {
    const text = sources[index];
    const file = relative(srcDir, path);
    const moduleConstant = text.match(/const MODULE = '([a-z_]+)'/)?.[1];
    for (const call of text.matchAll(/writeAudit\(/g)) {
      const at = call.index ?? 0;
      if (text.slice(at - 16, at).includes('function')) continue;
      const body = balanced(text, at + 'writeAudit'.length);
      const module = body.match(/module: '([a-z_]+)'/)?.[1] ?? (/module: MODULE/.test(body) ? moduleConstant : undefined);
      const expression = body.match(/\baction(?::\s*([^,\n]+))?\s*[,\n}]/)?.[1] ?? 'action';
      let actions = literals(expression);
      if (actions.length === 0 && /^\w+$/.test(expression.trim())) actions = argumentsOfEnclosing(text, at, expression.trim(), sources);
      else if (actions.length === 0) actions = literals([...text.matchAll(/\baction: '[a-z_]+'/g)].map((m) => m[0]).join(' '));
      expect(module, `${file}: the module of a writeAudit call`).toBeTruthy();
      expect(actions.length, `${file}: the actions of a writeAudit call (${expression})`).toBeGreaterThan(0);
      for (const action of actions) found.push({ file, module: module as string, action });
    }
  }
  return found;
}

describe('audit vocabulary', () => {
  const written = writtenActions();

  it('finds the audit writes of every area', () => {
    const modules = new Set(written.map((w) => w.module));
    for (const module of [
      'auth',
      'back_user',
      'role',
      'menu',
      'planning_task',
      'procurement_task',
      'quotation',
      'supplier',
      'commodity',
      'category',
      'dict_type',
      'dict_item',
      'price_template',
    ]) {
      expect(modules, module).toContain(module);
    }
    // Followed through a parameter (planning's status changes) and through a table (procurement's transitions).
    expect(written).toContainEqual(expect.objectContaining({ module: 'planning_task', action: 'generate' }));
    expect(written).toContainEqual(expect.objectContaining({ module: 'procurement_task', action: 'close_quote' }));
  });

  it('labels every module and action the server writes', () => {
    const missing = written
      .filter(({ module, action }) => !auditVocabulary(module)?.actions[action])
      .map(({ file, module, action }) => `${file}: ${module}.${action}`);
    expect([...new Set(missing)]).toEqual([]);
  });
});
