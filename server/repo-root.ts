import { resolve } from 'node:path';

/**
 * The repository's folder, for the files the server reads from it by default (the build it serves, the roster's
 * seed, the answer schema). This module's folder is one below it both as source (server/) and bundled
 * (dist-server/, build/server-bundle.ts), so the one path holds in both.
 */
export const REPO_ROOT = resolve(import.meta.dirname, '..');
