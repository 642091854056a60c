/**
 * Code that must load only on its own screen (the calendar, the chat) must
 * never be bundled into a file the landing route loads. The check reads the
 * build's own record of which source modules went into which chunk: the Vite
 * manifest names chunks only, so a library inlined into the entry chunk would
 * slip past it.
 */
import { relative, sep } from 'node:path';

export interface LazyOnlyRule {
  /** What a person reading the output calls it: "calendar (react-day-picker, date-fns)". */
  name: string;
  /** Module paths relative to the project, matched as a prefix or after a `/`: "node_modules/date-fns/". */
  modules: string[];
}

export interface LazyOnlyLeak {
  rule: string;
  file: string;
  modules: string[];
}

/** A bundler module id as a project-relative path with `/` separators; virtual ids (`\0…`) stay as they are. */
export function projectPath(moduleId: string, root: string): string {
  if (moduleId.startsWith('\0')) return moduleId;
  const path = moduleId.split('?')[0] ?? moduleId;
  return relative(root, path).split(sep).join('/');
}

export function matchesModule(path: string, pattern: string): boolean {
  return path.startsWith(pattern) || path.includes(`/${pattern}`);
}

/** The built files holding any module of the rule: shows the check has something to look for. */
export function filesHolding(chunkModules: ReadonlyMap<string, readonly string[]>, rule: LazyOnlyRule): string[] {
  return [...chunkModules]
    .filter(([, modules]) => modules.some((path) => rule.modules.some((pattern) => matchesModule(path, pattern))))
    .map(([file]) => file);
}

/**
 * The rules broken by the landing files. `chunkModules` maps a built file's
 * URL path (`/assets/index-abc.js`) to the project-relative paths of its modules.
 */
export function findLazyOnlyLeaks(
  landingPaths: readonly string[],
  chunkModules: ReadonlyMap<string, readonly string[]>,
  rules: readonly LazyOnlyRule[],
): LazyOnlyLeak[] {
  const leaks: LazyOnlyLeak[] = [];
  for (const rule of rules) {
    for (const file of landingPaths) {
      const modules = (chunkModules.get(file) ?? []).filter((path) =>
        rule.modules.some((pattern) => matchesModule(path, pattern)),
      );
      if (modules.length > 0) leaks.push({ rule: rule.name, file, modules });
    }
  }
  return leaks;
}
