import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The lint step's own rules, proven to fire: each check runs with the repository's configuration over a few files
 * that break one rule each, laid out as the repository is, in a folder of their own.
 */
const root = mkdtempSync(join(tmpdir(), 'thrive-lint-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

interface OxlintReport {
  diagnostics: { code: string; filename: string }[];
}

describe('oxlint with .oxlintrc.json', () => {
  it('finds the rules of hooks, React Compiler, accessibility, TypeScript and n8n globals where they apply', () => {
    write({
      '.oxlintrc.json': readFileSync(resolve('.oxlintrc.json'), 'utf8').replace(/"\$schema": "[^"]*",/, ''),
      'src/features/demo/card.tsx': [
        "import { useState } from 'react';",
        'export function Card({ open }: { open: boolean }) {',
        '  if (open) useState(0);',
        '  function Inner() {',
        '    return <b>inner</b>;',
        '  }',
        '  return (',
        '    <div>',
        '      <Inner />',
        '      <img src="photo.png" />',
        '    </div>',
        '  );',
        '}',
        '',
      ].join('\n'),
      'src/shared/rule.ts': [
        "import { useMemo } from 'react';",
        "import { Day } from './day.ts';",
        'const unused = 1;',
        'export const rule = (day: Day) => [day, useMemo];',
        '',
      ].join('\n'),
      'src/shared/day.ts': 'export interface Day {\n  key: string;\n}\n',
      'n8n/source/demo/nodes/check.js': 'return [{ json: { ok: notDefined($json.x) } }];\n',
      'tests/e2e/fixture.ts': 'export const fixture = async ({}, use: (x: number) => Promise<void>) => use(1);\n',
    });
    const oxlint = resolve('node_modules/oxlint/bin/oxlint');
    const run = spawnSync(process.execPath, [oxlint, '-f', 'json'], { cwd: root, encoding: 'utf8' });
    const { diagnostics } = JSON.parse(run.stdout) as OxlintReport;
    const found = diagnostics.map(({ code, filename }) => `${filename} ${code}`).sort();
    expect([...new Set(found)]).toEqual([
      'n8n/source/demo/nodes/check.js eslint(no-undef)',
      'src/features/demo/card.tsx jsx-a11y(alt-text)',
      'src/features/demo/card.tsx react(static-components)',
      'src/features/demo/card.tsx react-hooks(rules-of-hooks)',
      'src/shared/rule.ts eslint(no-restricted-imports)',
      'src/shared/rule.ts eslint(no-unused-vars)',
      'src/shared/rule.ts typescript(consistent-type-imports)',
    ]);
    // Only the one name the script does not define: $json is n8n's.
    expect(diagnostics.filter(({ code }) => code === 'eslint(no-undef)')).toHaveLength(1);
  });
});

describe('dependency-cruiser with .dependency-cruiser.cjs', () => {
  it('refuses an import across a layer, type imports included, and lets the allowed ones through', async () => {
    const config = createRequire(import.meta.url)(resolve('.dependency-cruiser.cjs')) as {
      forbidden: { name: string }[];
      options: Record<string, unknown>;
    };
    write({
      'layers/server/api.ts': "import type { Label } from '../src/ui/label.ts';\nexport type Api = Label;\n",
      'layers/src/ui/label.ts': 'export type Label = string;\n',
      'layers/bench/run.ts': "import { helper } from '../tests/support/helper.ts';\nexport const run = helper;\n",
      'layers/tests/support/helper.ts': 'export const helper = 1;\n',
      'layers/src/features/outbox/badge.ts': [
        "import { signIn } from '../sign-in/sign-in.ts';",
        "import { menu } from '../menu/menu.ts';",
        'export const badge = [signIn, menu];',
        '',
      ].join('\n'),
      'layers/src/features/sign-in/sign-in.ts': 'export const signIn = 1;\n',
      'layers/src/features/menu/menu.ts': 'export const menu = 1;\n',
    });
    const result = await cruise(['server', 'src', 'bench', 'tests'], {
      ...config.options,
      baseDir: join(root, 'layers'),
      validate: true,
      ruleSet: { forbidden: config.forbidden },
    } as Parameters<typeof cruise>[1]);
    const output = result.output as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
    const violations = output.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort();
    expect(violations).toEqual([
      'feature-outbox: src/features/outbox/badge.ts → src/features/menu/menu.ts',
      'server-layer: server/api.ts → src/ui/label.ts',
      'tests-only-import-tests: bench/run.ts → tests/support/helper.ts',
    ]);
  });
});
