import { HINDI_BASE, LOCALE_KEY } from '../shared/i18n/locale.ts';

/**
 * The inline script at the top of every built page's head (build/prerender.ts
 * writes it), run before the body is parsed, so before anything is painted:
 * it sends the visit to the page in the person's language when the address
 * names the other one, and no screen ever shows the wrong language first.
 * The choice made with the language switch (LOCALE_KEY) decides. Without one,
 * a Hindi address stays Hindi, and an English one reached from outside the
 * portal (a cold start, a link from elsewhere) follows the phone's languages,
 * as src/shared/i18n/locale.ts's preferredLocale does. Storage that throws leaves the page as addressed.
 * A page it sends away is hidden at once: the browser goes on parsing it
 * until the other arrives, and must paint none of it. The CSP allows exactly this text by its hash.
 */
export const LOCALE_SCRIPT =
  `{try{const p=location.pathname,h=p==="${HINDI_BASE}"||p.startsWith("${HINDI_BASE}/"),` +
  `c=localStorage.getItem("${LOCALE_KEY}"),` +
  'own=document.referrer.startsWith(location.origin+"/"),' +
  'w=c==="hi"||c==="en"?c:h||own?"":(navigator.languages||[navigator.language]).map(l=>l.toLowerCase().split("-")[0]).find(l=>l==="hi"||l==="en"),' +
  'go=to=>{location.replace(to+location.search+location.hash);document.documentElement.style.display="none"};' +
  `if(w==="hi"&&!h)go("${HINDI_BASE}"+(p==="/"?"":p));` +
  `else if(w==="en"&&h)go(p.slice(${HINDI_BASE.length})||"/")}catch{}}`;
