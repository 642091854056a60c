import { createContext, runInContext } from 'node:vm';

/**
 * Runs a Code node's body the way n8n 2.x's JavaScript task runner does
 * (@n8n/task-runner, js-task-runner.js): in a fresh vm context holding only
 * the runner's globals, after the same lock-down statements, wrapped in an
 * async function. The sandbox is an approximation; the real proof is
 * `npm run n8n -- test`, but this catches a bundle that needs require(),
 * process or a working Object.defineProperty in a second.
 */
const LOCK_DOWN = [
  'globalThis.global = globalThis',
  'var module = { exports: {} }',
  'Object.getPrototypeOf = () => ({})',
  'Reflect.getPrototypeOf = () => ({})',
  'Object.setPrototypeOf = () => false',
  'Reflect.setPrototypeOf = () => false',
  'Object.defineProperty = () => ({})',
  'Object.defineProperties = () => ({})',
];

export async function runCodeNode(body: string, variables: Record<string, unknown>): Promise<unknown> {
  const context = createContext({
    require: (name: string) => {
      throw new Error(`Module '${name}' is disallowed`);
    },
    Buffer,
    TextEncoder,
    TextDecoder,
    setTimeout,
    clearTimeout,
    btoa,
    atob,
    ...variables,
  });
  const code = [...LOCK_DOWN, `module.exports = async function VmCodeWrapper() {${body}\n}()`].join('; ');
  return (await runInContext(code, context)) as unknown;
}
