/** Where /new-to-thrive/know-more sends the visitor, decided from the build's configuration. */
export type KnowMoreTarget = { kind: 'redirect'; url: string } | { kind: 'not-configured' };

/**
 * Only an absolute http(s) address counts as configured: anything else would
 * be resolved against the portal itself and land the visitor on a 404 (or,
 * for `javascript:`, run code), so it is treated as missing.
 */
export function knowMoreTarget(configured: string | undefined): KnowMoreTarget {
  const text = configured?.trim();
  if (!text) return { kind: 'not-configured' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { kind: 'not-configured' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'not-configured' };
  return { kind: 'redirect', url: url.href };
}
