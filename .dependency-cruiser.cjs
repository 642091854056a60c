/**
 * The project's import rules, checked on every import, type imports included: dependency-cruiser reads the
 * TypeScript before its types are erased (tsPreCompilationDeps), so an `import type` across a layer or in a cycle fails
 * as any import does.
 *
 * - No import cycles, between modules or between folders.
 * - The layers of the repository: tests/ may import anything and nothing imports tests/; the server knows nothing of
 *   the build, the benchmarks or the page's React code; the build reads only src/; src/ imports no tool.
 * - Inside src/ (bulletproof-react): shared knows nothing of the page; features never reach into each other, except
 *   as FEATURE_USES allows, or into the app shell; ui knows no feature.
 */

/**
 * Features by capability, and what each may import of the others: a feature uses only those listed under it, so they
 * form layers with no way back (sign-in at the bottom, the menu at the top). Anything two features share that fits
 * none of them goes down to src/ui or src/shared.
 */
const FEATURE_USES = {
  'sign-in': [],
  outbox: ['sign-in'],
  notifications: ['sign-in'],
  conversation: ['sign-in', 'outbox', 'notifications'],
  reschedule: ['sign-in', 'outbox'],
  requests: ['sign-in', 'outbox'],
  announcements: ['sign-in', 'outbox', 'notifications'],
  schedule: ['sign-in', 'conversation', 'requests'],
  menu: ['sign-in', 'outbox', 'conversation', 'schedule', 'notifications', 'announcements'],
  visitor: [],
};

/** A path pattern for these folders of the repository (and everything in them). */
const folders = (...paths) => `^(${paths.join('|')})/`;

/** `from` may not import `to`. */
const layer = (name, from, to, comment) => ({
  name,
  severity: 'error',
  comment,
  from: { path: from },
  to: { path: to },
});

const features = Object.keys(FEATURE_USES);

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
    {
      name: 'tests-only-import-tests',
      severity: 'error',
      comment: 'Nothing but the tests imports tests/.',
      from: { pathNot: '^tests/' },
      to: { path: '^tests/' },
    },
    layer(
      'server-layer',
      '^server/',
      folders('build', 'bench', 'n8n', 'src/app', 'src/features', 'src/ui'),
      'The server knows nothing of the build, the benchmarks, n8n or the page: what it shares with them is in src/shared.',
    ),
    layer('build-layer', '^build/', folders('server', 'bench', 'n8n'), 'The build reads only src/.'),
    layer('bench-layer', '^bench/', folders('n8n'), 'The benchmarks know nothing of n8n.'),
    layer(
      'n8n-layer',
      '^n8n/',
      folders('build', 'bench'),
      'The n8n generator knows nothing of the build or the benchmarks.',
    ),
    layer(
      'src-layer',
      '^src/',
      folders('server', 'build', 'bench', 'n8n', 'sw'),
      'The page imports no tool, no server and not the service worker.',
    ),
    layer(
      'shared-layer',
      '^src/shared/',
      folders('src/app', 'src/features', 'src/ui', 'src/config', 'sw'),
      'src/shared is imported by the service worker, the server and n8n: it knows nothing of the page.',
    ),
    layer(
      'sw-layer',
      '^sw/',
      folders('src/app', 'src/features', 'src/ui'),
      'The service worker knows nothing of the page.',
    ),
    layer('ui-layer', '^src/ui/', folders('src/features', 'src/app'), 'src/ui knows no feature and not the app shell.'),
    ...features.map((feature) =>
      layer(
        `feature-${feature}`,
        `^src/features/${feature}/`,
        folders(
          'src/app',
          ...features
            .filter((other) => other !== feature && !FEATURE_USES[feature].includes(other))
            .map((other) => `src/features/${other}`),
        ),
        `${feature} may import only ${FEATURE_USES[feature].join(', ') || 'no other feature'}, and not the app shell.`,
      ),
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|dev-dist|data|test-results|playwright-report|coverage)/|^\\.' },
    tsPreCompilationDeps: true,
    moduleSystems: ['es6'],
  },
};
