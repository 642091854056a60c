import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of the repository: tests/ may import anything and nothing imports tests/; the server knows nothing
 * of the build, the benchmarks or the page's React code; the build reads only src/; src/ imports no tool.
 */
const LAYERS = [
  { target: './', from: './tests' },
  { target: './server', from: ['./build', './bench', './n8n', './src/app', './src/features', './src/ui'] },
  { target: './build', from: ['./server', './bench', './n8n'] },
  { target: './bench', from: ['./n8n'] },
  { target: './n8n', from: ['./build', './bench'] },
  { target: './src', from: ['./server', './build', './bench', './n8n', './sw'] },
];

/**
 * Features by capability, and what each may import of the others: a feature
 * uses only those listed under it, so they form layers with no way back
 * (sign-in at the bottom, the menu at the top). Anything two features share
 * that fits none of them goes down to src/ui or src/shared.
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

function featureZones() {
  const features = Object.keys(FEATURE_USES);
  return features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: [
      './src/app',
      ...features
        .filter((other) => other !== feature && !FEATURE_USES[feature].includes(other))
        .map((other) => `./src/features/${other}`),
    ],
  }));
}

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'dev-dist', '.out', 'node_modules', 'test-results', 'playwright-report', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-duplicates': 'error',
    },
  },
  {
    // The n8n Code nodes' scripts: function bodies n8n runs with its own globals ($json, $, $env, Buffer), after
    // the code and constants their imports name (n8n/source/toolkit/code-node.ts writes those in front).
    files: ['n8n/source/*/nodes/**/*.js'],
    languageOptions: {
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { globalReturn: true } },
      globals: { $json: 'readonly', $: 'readonly', $env: 'readonly', Buffer: 'readonly' },
    },
  },
  {
    // Playwright fixtures must destructure their dependencies, even when there are none.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // src/shared may not import React (below), so the hooks' rules and React Compiler's checks have nothing to find there.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/**'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    // The DOM-free core that the page, the service worker, the server and the n8n generator all import.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(react|react-dom|react-router|sonner|react-day-picker)(/|$)',
              message: 'src/shared is imported by the service worker, the server and n8n: no React here.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['tests/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: LAYERS,
        },
      ],
    },
  },
  {
    // The direction of imports (bulletproof-react): shared knows nothing of the
    // page; features never reach into each other or into the app shell.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...LAYERS,
            { target: './src/shared', from: ['./src/app', './src/features', './src/ui', './src/config', './sw'] },
            { target: './sw', from: ['./src/app', './src/features', './src/ui'] },
            ...featureZones(),
            { target: './src/ui', from: ['./src/features', './src/app'] },
          ],
        },
      ],
    },
  },
);
