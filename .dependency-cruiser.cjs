/**
 * The project's one check for import cycles, type imports included, between
 * modules and between folders. dependency-cruiser reads the TypeScript before
 * its types are erased (tsPreCompilationDeps), so a cycle made only of
 * `import type` fails too. ESLint's import-x/no-cycle is not used: it skips
 * type imports, and it took four fifths of the lint step's time.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module reaches itself again through its imports: move what both sides need to a module beneath them.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      scope: 'folder',
      comment: 'Two folders import each other: one of them must sit beneath the other.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|dev-dist|data|test-results|playwright-report|coverage)/|^\\.' },
    tsPreCompilationDeps: true,
    moduleSystems: ['es6'],
  },
};
