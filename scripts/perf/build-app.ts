/**
 * Builds the production app into a folder of its own (so it never clashes
 * with another build running side by side) and measures it. Returns the
 * build's record of which source modules each chunk holds, for the lazy-only check.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { build, type Rolldown } from 'vite';
import { measureBundle, type BundleSizes } from './bundle-size.ts';
import { projectPath } from './lazy-only.ts';

export interface MeasuredBuild {
  outDir: string;
  sizes: BundleSizes;
  /** URL path of each built chunk → project-relative paths of its modules. */
  chunkModules: Map<string, string[]>;
}

function outputsOf(result: Awaited<ReturnType<typeof build>>): Rolldown.RolldownOutput[] {
  const list = Array.isArray(result) ? result : [result];
  return list.filter((item): item is Rolldown.RolldownOutput => 'output' in item);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

export async function buildApp(outDir: string): Promise<MeasuredBuild> {
  const root = process.cwd();
  const dist = resolve(outDir);
  const result = await build({ root, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
  const chunkModules = new Map<string, string[]>();
  for (const output of outputsOf(result)) {
    for (const item of output.output) {
      if (item.type === 'chunk') {
        chunkModules.set(
          `/${item.fileName}`,
          item.moduleIds.map((id) => projectPath(id, root)),
        );
      }
    }
  }
  const urlPath = (file: string) => `/${relative(dist, file).split(sep).join('/')}`;
  const sizes = measureBundle((path) => readFileSync(join(dist, path)), listFiles(dist).map(urlPath));
  return { outDir: dist, sizes, chunkModules };
}
