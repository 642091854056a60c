import { resolve } from 'node:path';

/**
 * Everything the server reads from the environment, read and checked once.
 * A bad value stops the server at start with a message naming the variable.
 */
export interface ServerConfig {
  port: number;
  host: string;
  databasePath: string;
  distDir: string;
  rosterPath: string;
  /** Webhook requests one IP may make per window; 0 turns the limit off. */
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** Behind a reverse proxy, take the client IP from X-Forwarded-For. */
  trustProxy: boolean;
  logLevel: string;
  /** Origin of an external webhook the page may call (from VITE_WEBHOOK_URL), for the CSP. */
  webhookOrigin: string | undefined;
}

export const BODY_LIMIT_BYTES = 16 * 1024 * 1024;
export const WEBHOOK_PATH = '/api/webhook';

const REPO_ROOT = resolve(import.meta.dirname, '..');

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function text(env: Env, name: string, fallback: string): string {
  return env[name]?.trim() || fallback;
}

function boolean(env: Env, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase();
  return raw === '1' || raw === 'true' || raw === 'yes';
}

/** An absolute webhook URL names another origin the page must be allowed to reach; a path does not. */
function externalOrigin(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value || value.startsWith('/')) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:') {
    throw new Error(`VITE_WEBHOOK_URL must be a path or an http(s) URL, got "${value}"`);
  }
  return url.origin;
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): ServerConfig {
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    // Loopback by default: a laptop running the demo does not publish parents' data to its network.
    host: text(env, 'HOST', '127.0.0.1'),
    databasePath: resolve(cwd, text(env, 'DATABASE_PATH', './data/portal.db')),
    distDir: resolve(cwd, text(env, 'DIST_DIR', resolve(REPO_ROOT, 'dist'))),
    rosterPath: resolve(cwd, text(env, 'ROSTER_PATH', resolve(REPO_ROOT, 'server/roster.seed.json'))),
    rateLimitMax: integer(env, 'RATE_LIMIT_MAX', 120, 0, 1_000_000),
    rateLimitWindowMs: integer(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1, 86_400_000),
    trustProxy: boolean(env, 'TRUST_PROXY'),
    // warn: errors only; LOG_LEVEL=info adds a line per request.
    logLevel: text(env, 'LOG_LEVEL', 'warn'),
    webhookOrigin: externalOrigin(env.VITE_WEBHOOK_URL),
  };
}
