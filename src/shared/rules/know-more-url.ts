/**
 * What counts as a configured programme information page (VITE_KNOW_MORE_URL),
 * for the page that sends the visitor there and the reference server that
 * answers its address with a redirect: only an absolute http(s) address.
 * Anything else would be resolved against the portal itself and land the
 * visitor on a 404 (or, for `javascript:`, run code), so it counts as missing.
 */
export function knowMoreUrl(configured: string | undefined): string | undefined {
  const text = configured?.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    // Not URL.canParse: the page runs on phones whose browsers predate it.
    url = new URL(text);
  } catch {
    return undefined;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
}
