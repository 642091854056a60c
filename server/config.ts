import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { base64UrlBytes, pushServiceHosts } from '../src/shared/push/subscription.ts';
import { TEXT_WAIT_MS } from '../src/shared/push/text-fallback.ts';
import { knowMoreUrl } from '../src/shared/rules/know-more-url.ts';
import { DEFAULT_RETENTION_DAYS, MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from '../src/shared/rules/retention.ts';
import type { TrustProxySetting } from './http/proxy-trust.ts';
import { REPO_ROOT } from './repo-root.ts';

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
  /** Webhook requests for one phone number per window, from any address; 0 turns the limit off. */
  rateLimitPerNumberMax: number;
  rateLimitWindowMs: number;
  /**
   * Which proxies' X-Forwarded-For and X-Forwarded-Proto to believe: none,
   * the nearest N hops, or these addresses (Fastify's `trustProxy`).
   */
  trustProxy: TrustProxySetting;
  /** Days a stored request (its answer, files and request_id) is kept. */
  retentionDays: number;
  logLevel: string;
  /** Origin of an external webhook the page may call (from VITE_WEBHOOK_URL), for the CSP. */
  webhookOrigin: string | undefined;
  /**
   * The programme information page the know-more address redirects to
   * (VITE_KNOW_MORE_URL, by the page's own rule: what the page would not
   * follow, the server does not either).
   */
  knowMoreUrl: string | undefined;
  /** REQUIRE_CODE_AT_SIGN_IN=1: sign-in needs a code sent to the phone. Off: the spec's sign-in. */
  requireCodeAtSignIn: boolean;
  /** Where codes are POSTed as JSON (an SMS or WhatsApp gateway, or n8n); undefined: the demo mode, codes in the log. */
  codeWebhookUrl: string | undefined;
  /** Sent to the code gateway as `Authorization: Bearer`, when set. */
  codeWebhookToken: string | undefined;
  /** DEMO=1: codes go to the log on purpose, even behind a proxy (see checkDemoMode). */
  demo: boolean;
  /**
   * The portal's host for the code message's `@host #code` line (Web OTP).
   * Required with a code gateway; undefined in the demo mode leaves the line out.
   */
  portalHost: string | undefined;
  /**
   * The VAPID key pair push messages are signed with (VAPID_PUBLIC_KEY and
   * VAPID_PRIVATE_KEY, base64url); undefined: made at first start and kept in
   * the database's folder (server/push/vapid.ts).
   */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Who runs the server, for push services (VAPID_SUBJECT): a mailto: or https: URL. */
  vapidSubject: string;
  /**
   * The push services a subscription's endpoint may be on, by host (PUSH_SERVICE_HOSTS, comma-separated: each
   * host and its subdomains); the browsers' own by default. The server POSTs only there.
   */
  pushServiceHosts: readonly string[];
  /**
   * Where texts for notifications not seen are POSTed as JSON (an SMS or WhatsApp gateway, or n8n); undefined: the
   * demo mode, texts in the log.
   */
  notifyWebhookUrl: string | undefined;
  /** Sent to the text gateway as `Authorization: Bearer`, when set. */
  notifyWebhookToken: string | undefined;
  /** How long a notification waits to be seen before it is texted (TEXT_FALLBACK_WAIT_S, 30 minutes by default). */
  textFallbackWaitMs: number;
}

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

const MAX_PROXY_HOPS = 10;
/** An IPv4 or IPv6 address, or a CIDR block such as 10.0.0.0/8. */
function isProxyAddress(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off by default, so a client's own X-Forwarded-For is never
 * believed; `true` for one proxy hop (a TLS proxy in front), a number for
 * that many hops, or a comma-separated list of the proxies' addresses.
 * Trusting every hop would let any client pick its address, and so dodge
 * the rate limit.
 */
function trustedProxies(env: Env): TrustProxySetting {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  const lower = raw.toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(lower)) return false;
  if (lower === 'true' || lower === 'yes') return 1;
  if (/^\d+$/.test(raw) && Number(raw) <= MAX_PROXY_HOPS) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  throw new Error(
    `TRUST_PROXY must be true, a number of proxy hops from 1 to ${MAX_PROXY_HOPS}, or a comma-separated list of ` +
      `proxy addresses (IP or CIDR), got "${raw}"`,
  );
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

function flag(env: Env, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase() ?? '';
  if (['', '0', 'false', 'no', 'off'].includes(raw)) return false;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  throw new Error(`${name} must be 1 or 0, got "${env[name] ?? ''}"`);
}

function httpUrl(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:') {
    throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  }
  return url.href;
}

/** A host name as the Web OTP line wants it: letters, digits, dots and hyphens, no scheme, no port. */
function hostName(env: Env, name: string): string | undefined {
  const value = env[name]?.trim().toLowerCase();
  if (!value) return undefined;
  if (!/^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$/.test(value)) {
    throw new Error(`${name} must be a host name such as portal.example.org (no scheme, no port), got "${value}"`);
  }
  return value;
}

/**
 * A code gateway needs PORTAL_HOST: the host in the message's Web OTP line is
 * never taken from a request, where a client (or a proxy passing X-Forwarded-Host
 * on) could name any site.
 */
function checkCodeGateway(config: ServerConfig): void {
  if (config.codeWebhookUrl && !config.portalHost) {
    throw new Error(
      'PORTAL_HOST must be set when CODE_WEBHOOK_URL is: the code message ends with the Web OTP line "@host #code", ' +
        'and its host is never taken from a request (a forged Host header would name any site). ' +
        "Set it to the portal's host name, such as portal.example.org.",
    );
  }
  if (config.notifyWebhookUrl && !config.portalHost) {
    throw new Error(
      "PORTAL_HOST must be set when NOTIFY_WEBHOOK_URL is: each text links to the portal at that host. Set it to the portal's host name, such as portal.example.org.",
    );
  }
}

/**
 * Without a gateway every code is written to the log, where whoever reads it
 * can verify any parent's phone: fine on a laptop, not in a deployment. A
 * proxy in front (TRUST_PROXY) is what a deployment looks like, so there the
 * demo mode must be asked for by name.
 */
function checkDemoMode(config: ServerConfig): void {
  if (!config.codeWebhookUrl && config.trustProxy !== false && !config.demo) {
    throw new Error(
      'A server behind a proxy (TRUST_PROXY) with no CODE_WEBHOOK_URL would write every sign-in code to its log, ' +
        'where whoever reads the log could verify any parent’s phone. Set CODE_WEBHOOK_URL (and PORTAL_HOST) to ' +
        'send codes by SMS, or DEMO=1 to run the demo mode on purpose.',
    );
  }
}

/** Both VAPID keys or neither: a public key of 65 bytes (an uncompressed P-256 point), a private key of 32. */
function vapidKeys(env: Env): ServerConfig['vapidKeys'] {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither to make a pair at start');
  }
  const point = base64UrlBytes(publicKey);
  if (point?.length !== 65 || point[0] !== 4) {
    throw new Error('VAPID_PUBLIC_KEY must be a P-256 public key: 65 bytes (uncompressed), base64url');
  }
  if (base64UrlBytes(privateKey)?.length !== 32) {
    throw new Error('VAPID_PRIVATE_KEY must be a P-256 private key: 32 bytes, base64url');
  }
  return { publicKey, privateKey };
}

/** VAPID_SUBJECT, or the portal's own address (PORTAL_HOST), or a local mailbox for a laptop. */
function vapidSubject(env: Env, portalHost: string | undefined): string {
  const value = env.VAPID_SUBJECT?.trim();
  if (!value) return portalHost ? `https://${portalHost}` : 'mailto:thrive-portal@localhost';
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol !== 'mailto:' && url?.protocol !== 'https:') {
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL (push services contact it), got "${value}"`);
  }
  return value;
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): ServerConfig {
  const config: ServerConfig = {
    port: integer(env, 'PORT', 8080, 0, 65535),
    // Loopback by default: a laptop running the demo does not publish parents' data to its network.
    host: text(env, 'HOST', '127.0.0.1'),
    databasePath: resolve(cwd, text(env, 'DATABASE_PATH', './data/portal.db')),
    distDir: resolve(cwd, text(env, 'DIST_DIR', resolve(REPO_ROOT, 'dist'))),
    rosterPath: resolve(cwd, text(env, 'ROSTER_PATH', resolve(REPO_ROOT, 'server/roster.seed.json'))),
    rateLimitMax: integer(env, 'RATE_LIMIT_MAX', 120, 0, 1_000_000),
    rateLimitPerNumberMax: integer(env, 'RATE_LIMIT_PER_NUMBER_MAX', 30, 0, 1_000_000),
    rateLimitWindowMs: integer(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1, 86_400_000),
    trustProxy: trustedProxies(env),
    retentionDays: integer(env, 'RETENTION_DAYS', DEFAULT_RETENTION_DAYS, MIN_RETENTION_DAYS, MAX_RETENTION_DAYS),
    // warn: errors only; LOG_LEVEL=info adds a line per request.
    logLevel: text(env, 'LOG_LEVEL', 'warn'),
    webhookOrigin: externalOrigin(env.VITE_WEBHOOK_URL),
    knowMoreUrl: knowMoreUrl(env.VITE_KNOW_MORE_URL),
    requireCodeAtSignIn: flag(env, 'REQUIRE_CODE_AT_SIGN_IN'),
    codeWebhookUrl: httpUrl(env, 'CODE_WEBHOOK_URL'),
    codeWebhookToken: env.CODE_WEBHOOK_TOKEN?.trim() || undefined,
    demo: flag(env, 'DEMO'),
    portalHost: hostName(env, 'PORTAL_HOST'),
    vapidKeys: vapidKeys(env),
    vapidSubject: vapidSubject(env, hostName(env, 'PORTAL_HOST')),
    pushServiceHosts: pushServiceHosts(env.PUSH_SERVICE_HOSTS),
    notifyWebhookUrl: httpUrl(env, 'NOTIFY_WEBHOOK_URL'),
    notifyWebhookToken: env.NOTIFY_WEBHOOK_TOKEN?.trim() || undefined,
    textFallbackWaitMs: integer(env, 'TEXT_FALLBACK_WAIT_S', TEXT_WAIT_MS / 1000, 0, 7 * 24 * 60 * 60) * 1000,
  };
  checkCodeGateway(config);
  checkDemoMode(config);
  return config;
}
