import { createHash } from 'node:crypto';

/**
 * The one inline script of the built pages (scripts/prerender.ts writes it at
 * the end of each). It starts the app only once the page has been painted
 * from its HTML (two frames later; at once in a hidden tab, which paints
 * nothing), then evaluates the entry's chunks, which the page modulepreloads
 * in dependency order with the entry last, one task each: no single task
 * keeps a slow phone's main thread for long. Chromium's install offer
 * (beforeinstallprompt) can come before the app listens: the script keeps it
 * (and the browser's own banner away, as the app does) and hands it to the
 * app once started. The CSP allows exactly this text by its hash.
 */
export const BOOT_SCRIPT =
  '{const offers=[],keep=offer=>{offer.preventDefault();offers.push(offer)};' +
  'addEventListener("beforeinstallprompt",keep);' +
  'const boot=async()=>{for(const link of document.querySelectorAll("link[rel=modulepreload]")){' +
  'await import(link.href);await new Promise(next=>setTimeout(next))}' +
  'removeEventListener("beforeinstallprompt",keep);for(const offer of offers)dispatchEvent(offer)};' +
  'document.hidden?boot():requestAnimationFrame(()=>requestAnimationFrame(boot))}';

/** The CSP source that allows BOOT_SCRIPT. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
