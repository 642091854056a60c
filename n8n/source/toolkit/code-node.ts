/**
 * A Code node from a script written for n8n's Code node: a JavaScript file in a workflow's nodes/ folder, its
 * body run by n8n as it is (a function body: `$json`, `$`, `Buffer`, a `return` at the top). The script's opening
 * `import` lines say what it takes from the repository, and the node's code gets it in front of the body:
 * - a function of src/shared (the portal's rules, and the formats they use) or of the portal's route table
 *   (src/config/paths.ts) as code: esbuild bundles it, with what it needs and nothing else, into plain JavaScript,
 *   so a rule is written once, in TypeScript, and n8n runs the function the page and the reference server run;
 * - a function of a workflow's own TypeScript module beside its nodes/ folder (n8n/source/<workflow>/*.ts), bundled
 *   the same way: the logic a node runs, kept in a module when the node would be too long to read;
 * - a constant (of src/shared, of the reference server, a workflow's texts) as its value, written as a literal.
 * n8n's task runner allows no require() and disables Object.defineProperty, so a bundle holding an import or one
 * of esbuild's helpers is refused here, as is code that does not compile.
 */
import { build, type Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Script } from 'node:vm';
import { node, type N8nNode, type Position } from './nodes.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const BUNDLED = resolve(REPO_ROOT, 'src/shared');
/** The portal's route table: plain data and functions, with no DOM, as src/shared is. */
const ROUTES = resolve(REPO_ROOT, 'src/config/paths.ts');
const SOURCE = resolve(REPO_ROOT, 'n8n/source');
/** A workflow's own module: n8n/source/<workflow>/<name>.ts, never the toolkit or the generator. */
const WORKFLOW_MODULE = /^(?!toolkit\/)[\w-]+\/[\w-]+\.ts$/;
/** India's time at its fixed offset, bundled in place of src/shared/format/ist-zone.ts (india-time.ts). */
const INDIA_TIME = resolve(import.meta.dirname, 'india-time.ts');
const indiaTime: Plugin = {
  name: 'india-time',
  setup: (esbuild) => void esbuild.onResolve({ filter: /\/ist-zone\.ts$/ }, () => ({ path: INDIA_TIME })),
};
const HEADER =
  "// From the repository's TypeScript, written in by `npm run n8n -- workflow` (change it there, not here):";
const IMPORT = /^import \{([^}]+)\} from '([^']+)';\n/;

export interface CodeScript {
  /** The comment the script opens with: what the node does. */
  comment: string;
  imports: { names: string[]; path: string }[];
  /** What n8n runs after the imported code: the script without its comment and imports. */
  body: string;
}

export function readScript(file: string): CodeScript {
  const lines = readFileSync(file, 'utf8').split('\n');
  const opening = lines.findIndex((line) => !line.startsWith('//'));
  let rest = lines.slice(opening).join('\n');
  const imports: CodeScript['imports'] = [];
  for (let match = IMPORT.exec(rest); match; match = IMPORT.exec(rest)) {
    // One line or, as Prettier wraps a long one, a name a line with a trailing comma.
    const names = (match[1] ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    if (names.some((name) => !/^\w+$/.test(name))) throw new Error(`${file}: import names as they are: ${match[0]}`);
    imports.push({ names, path: resolve(dirname(file), match[2] ?? '') });
    rest = rest.slice(match[0].length).replace(/^\n+/, '');
  }
  if (/^import\b/m.test(rest)) throw new Error(`${file}: imports come first, one \`import { … } from '…';\` each`);
  return { comment: lines.slice(0, opening).join('\n'), imports, body: rest };
}

/** The functions named, of src/shared or the route table, with what they need, as plain JavaScript statements. */
async function bundled(imports: CodeScript['imports']): Promise<string[]> {
  const entry = imports.map(({ names, path }) => `export { ${names.join(', ')} } from ${JSON.stringify(path)};`);
  const [output] = (
    await build({
      stdin: { contents: entry.join('\n'), loader: 'js', resolveDir: REPO_ROOT },
      absWorkingDir: REPO_ROOT,
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      charset: 'utf8',
      legalComments: 'none',
      write: false,
      logLevel: 'silent',
      plugins: [indiaTime],
    })
  ).outputFiles;
  const exports = /\nexport \{([^}]*)\};\n$/.exec(output?.text ?? '');
  if (!output || !exports) throw new Error(`esbuild wrote no exports for ${entry.join(' ')}`);
  // A name esbuild had to change (two modules declared it) is given back its own.
  const renamed = (exports[1] ?? '').split(',').flatMap((entry) => {
    const [local, name] = entry.trim().split(/\s+as\s+/);
    return name && name !== local ? [`const ${name} = ${local};`] : [];
  });
  // esbuild keeps the annotations that let it drop what is not used; n8n's editor needs none of them.
  const code = output.text.slice(0, exports.index).replace(/\/\* @__(?:PURE|NO_SIDE_EFFECTS)__ \*\/\s*/g, '');
  const foreign =
    /^\/\/ (?!src\/shared\/|src\/config\/paths\.ts$|n8n\/source\/toolkit\/india-time\.ts$|n8n\/source\/(?!toolkit\/)[\w-]+\/[\w-]+\.ts$).*$|^import\b|\brequire\(|\b__[A-Za-z]/m.exec(
      code,
    );
  if (foreign)
    throw new Error(`A Code node can take only plain code from src/shared and the route table, not: ${foreign[0]}`);
  return [...code.split('\n').filter((line) => line.trim() !== ''), ...renamed];
}

/**
 * A function of src/shared as one JavaScript expression, for an n8n expression that applies a shared rule: bundled
 * as a Code node's import is, without the comments that name its module.
 */
export async function functionExpression(name: string, path: string): Promise<string> {
  const code = (await bundled([{ names: [name], path }])).filter((line) => !line.startsWith('//'));
  return `(() => {\n${code.join('\n')}\nreturn ${name};\n})()`;
}

/** A value as a JavaScript literal: JSON, or a regular expression. */
function literal(name: string, value: unknown): string {
  if (value instanceof RegExp) return String(value);
  const json = JSON.stringify(value, null, 2) as string | undefined;
  if (json === undefined || !isDeepStrictEqual(JSON.parse(json), value)) throw new Error(`${name} is not data`);
  return json;
}

interface Imported {
  path: string;
  values: Record<string, unknown>;
}

async function imported({ names, path }: CodeScript['imports'][number]): Promise<Imported> {
  const module = (await import(path)) as Record<string, unknown>;
  const missing = names.find((name) => !(name in module));
  if (missing) throw new Error(`${relative(REPO_ROOT, path)} exports no ${missing}`);
  return { path, values: Object.fromEntries(names.map((name) => [name, module[name]])) };
}

const isCode = ({ path }: Imported, value: unknown) =>
  (path.startsWith(`${BUNDLED}/`) || path === ROUTES || WORKFLOW_MODULE.test(relative(SOURCE, path))) &&
  typeof value === 'function';

/**
 * What the script imports, as statements: the functions of src/shared bundled, and every value the bundle does
 * not hold already (a function's constants come with it) as a constant, under the module it comes from.
 */
async function statements(modules: Imported[]): Promise<string[]> {
  const functions = modules
    .map((module) => ({
      path: module.path,
      names: Object.keys(module.values).filter((name) => isCode(module, module.values[name])),
    }))
    .filter(({ names }) => names.length > 0);
  const code = functions.length > 0 ? await bundled(functions) : [];
  const declared = new Set(code.flatMap((line) => /^(?:var|let|const|function|class) (\w+)/.exec(line)?.[1] ?? []));
  const constants = modules.flatMap((module) => {
    const names = Object.keys(module.values).filter(
      (name) => !isCode(module, module.values[name]) && !declared.has(name),
    );
    const lines = names.map((name) => `const ${name} = ${literal(name, module.values[name])};`);
    return lines.length > 0 ? [`// ${relative(REPO_ROOT, module.path)}`, ...lines] : [];
  });
  return [...code, ...constants];
}

/** The node's JavaScript: the script's comment, what it imports, then its body. */
export async function codeNodeJs(file: string): Promise<string> {
  const { comment, imports, body } = readScript(file);
  if (imports.length === 0) return readFileSync(file, 'utf8');
  const written = await statements(await Promise.all(imports.map(imported)));
  // esbuild keeps a module's constants that nothing bundled uses (e.g. one only another function of it needs).
  const all = [...written, body].join('\n');
  const unused = (line: string) => {
    const name = /^var (\w+) = [^\n]*;$/.exec(line)?.[1];
    return name !== undefined && !new RegExp(`\\b${name}\\b`).test(all.replace(line, ''));
  };
  const code = [comment, HEADER, ...written.filter((line) => !unused(line)), '', body].join('\n');
  try {
    new Script(`(async function () {\n${code}\n})`);
  } catch (error) {
    throw new Error(`${relative(REPO_ROOT, file)} does not compile with what it imports: ${String(error)}`);
  }
  return code;
}

/**
 * A Code node running once for each item, its JavaScript made from `script` (an absolute path). With
 * `failureOutput`, an error the script throws sends the item to output 1, which the workflow answers.
 */
export async function codeNode(
  name: string,
  position: Position,
  script: string,
  { failureOutput = false } = {},
): Promise<N8nNode> {
  const made = node(name, 'code', 2, position, { mode: 'runOnceForEachItem', jsCode: await codeNodeJs(script) });
  return failureOutput ? { ...made, onError: 'continueErrorOutput' } : made;
}
