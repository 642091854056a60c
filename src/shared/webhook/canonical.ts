/**
 * A request's canonical text: JSON with every object's keys in sorted order (undefined fields left out), so the
 * same request always reads the same whatever order its fields came in. Both backends hash it into the
 * fingerprint a repeated request_id is compared by: the reference server (server/webhook/fingerprint.ts) and the
 * n8n workflow, whose "Check request" bundles it (n8n/source/portal/intake.ts) for Postgres to hash.
 */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object)
    .filter((key) => object[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(object[key])}`).join(',')}}`;
}
