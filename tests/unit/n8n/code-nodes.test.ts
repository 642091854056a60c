import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readScript } from '../../../n8n/source/toolkit/code-node.ts';
import { allWorkflows } from './support/workflow.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const SOURCE = resolve(REPO_ROOT, 'n8n/source');
const RULES = resolve(REPO_ROOT, 'src/shared/rules');

const codeNodes = allWorkflows.flatMap(({ id, nodes }) =>
  nodes
    .filter((n) => n.type === 'n8n-nodes-base.code')
    .map((n) => ({ label: `${id} ${n.name}`, code: String(n.parameters.jsCode) })),
);

/** Every Code node's script: n8n/source/<workflow>/nodes/*.js. */
const scripts = readdirSync(SOURCE, { withFileTypes: true })
  .map(({ name }) => join(SOURCE, name, 'nodes'))
  .filter((dir) => existsSync(dir))
  .flatMap((dir) =>
    readdirSync(dir)
      .filter((file) => file.endsWith('.js'))
      .map((file) => join(dir, file)),
  );

/**
 * The names a source declares (at its top level only, or anywhere), the names it uses, and the regular
 * expressions it writes.
 */
function written(file: string, text: string, topLevelOnly: boolean) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  const used = new Set<string>();
  const patterns = new Set<string>();
  const visit = (node: ts.Node, depth: number) => {
    const declares = ts.isFunctionDeclaration(node) || ts.isVariableDeclaration(node);
    if (declares && node.name && ts.isIdentifier(node.name) && (!topLevelOnly || depth <= 3)) names.add(node.name.text);
    if (ts.isIdentifier(node)) used.add(node.text);
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) patterns.add(node.getText(source));
    node.forEachChild((child) => visit(child, depth + 1));
  };
  visit(source, 0);
  return { names, used, patterns };
}

/** What src/shared/rules declares: its functions and constants, and the patterns they hold. */
const rules = readdirSync(RULES).map((file) => written(file, readFileSync(join(RULES, file), 'utf8'), true));
const ruleNames = new Set(rules.flatMap(({ names }) => [...names]));
const rulePatterns = new Set(rules.flatMap(({ patterns }) => [...patterns]));

/** src/shared/rules as esbuild writes it: each function's text, by name. */
const bundledRules = new Map(
  (
    buildSync({
      stdin: {
        contents: readdirSync(RULES)
          .map((file) => `export * from ${JSON.stringify(join(RULES, file))};`)
          .join('\n'),
        loader: 'js',
        resolveDir: REPO_ROOT,
      },
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      charset: 'utf8',
      write: false,
      logLevel: 'silent',
    }).outputFiles[0]?.text ?? ''
  )
    .split(/\n(?=function )/)
    .slice(1)
    .map((text) => [/^function (\w+)/.exec(text)?.[1], text.slice(0, text.indexOf('\n}') + 2)]),
);

describe("every Code node of every Thrive workflow (n8n's editor shows it as it is)", () => {
  // What esbuild writes of the TypeScript a script imports keeps that source's long texts on one line each.
  it("is lines of at most 160 characters of its script's own, with no module wrapper or require() but of crypto or url", () => {
    for (const { label, code } of codeNodes) {
      const script = scripts
        .map((file) => readScript(file))
        .find((s) => code.startsWith(s.comment) && code.endsWith(s.body));
      const lines = (script ? `${script.comment}\n${script.body}` : code).split('\n');
      expect(Math.max(...lines.map((line) => line.length)), label).toBeLessThanOrEqual(160);
      // The push nodes take node:crypto and URL from the built-ins NODE_FUNCTION_ALLOW_BUILTIN allows (n8n/README.md).
      expect(code, label).not.toMatch(/__esModule|__export|require\((?!'(?:crypto|url)'\))|^import\b|^export\b/m);
    }
  });

  it('is a script of n8n/source/<workflow>/nodes: its opening comment, what it imports, then its body', () => {
    for (const { label, code } of codeNodes) {
      const found = scripts
        .map((file) => readScript(file))
        .find((s) => code.startsWith(s.comment) && code.endsWith(s.body));
      expect(found, label).toBeDefined();
    }
  });

  // What is written in front of the script is esbuild's text of the TypeScript it imports (held to it below).
  it("has at most 80 lines of its script's own: its opening comment and its body", () => {
    for (const { label, code } of codeNodes) {
      const script = scripts
        .map((file) => readScript(file))
        .find((s) => code.startsWith(s.comment) && code.endsWith(s.body));
      const own = `${script?.comment ?? code}\n${script?.body ?? ''}`.trimEnd().split('\n');
      expect(own.length, label).toBeLessThanOrEqual(80);
    }
  });

  it('takes each function of src/shared/rules it runs as esbuild writes it from the TypeScript', () => {
    let taken = 0;
    for (const { label, code } of codeNodes) {
      for (const [name, text] of bundledRules) {
        if (!name || !new RegExp(`^function ${name}\\(`, 'm').test(code)) continue;
        expect(code, `${label}: ${name}`).toContain(text);
        taken += 1;
      }
    }
    expect(taken).toBeGreaterThan(0);
  });
});

describe('the Code node scripts', () => {
  it.each(scripts.map((file) => [file.slice(SOURCE.length + 1), file]))(
    '%s writes no rule of src/shared/rules by hand: it imports them',
    (_name, file) => {
      const { imports, body } = readScript(file);
      const imported = new Set(imports.flatMap(({ names }) => names));
      const own = written(file, body, false);
      expect(
        [...own.names].filter((name) => ruleNames.has(name)),
        'declared',
      ).toEqual([]);
      expect(
        [...own.used].filter((name) => ruleNames.has(name) && !imported.has(name)),
        'not imported',
      ).toEqual([]);
      expect(
        [...own.patterns].filter((pattern) => rulePatterns.has(pattern)),
        'patterns',
      ).toEqual([]);
    },
  );
});
