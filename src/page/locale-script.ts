import { paths } from '../config/paths.ts';
import { HINDI_BASE, LOCALE_KEY } from '../shared/i18n/locale.ts';
import { NAME_SLOT, NAMED_TITLE_ATTRIBUTE, SESSION_USER_KEY } from '../shared/session/session-user.ts';
import { VERIFIED_ATTRIBUTE, VERIFIED_MARK_KEY } from '../shared/conversation/verified-mark.ts';
import { SIGN_IN_HERE_ATTRIBUTE } from './boot-script.ts';

/** On the locale script's element of a page only a signed-in parent may see (build/prerender.ts adds it). */
export const NEEDS_SESSION_ATTRIBUTE = 'data-needs-session';

/**
 * The inline script at the top of every built page's head (build/prerender.ts
 * writes it), run before the body is parsed, so before anything is painted.
 *
 * It sends the visit to the page in the person's language when the address
 * names the other one, and no screen ever shows the wrong language first.
 * The choice made with the language switch (LOCALE_KEY) decides. Without one,
 * a Hindi address stays Hindi, and an English one reached from outside the
 * portal (a cold start, a link from elsewhere) follows the phone's languages,
 * as src/shared/i18n/locale.ts's preferredLocale does. Storage that throws leaves the page as addressed.
 *
 * On a page that needs the session (its element has NEEDS_SESSION_ATTRIBUTE),
 * it does what the router's guard (RequireSessionUser) would do after
 * hydration, before anything paints: with no parent in this tab (a new tab, a
 * shared link, the installed app reopened), the address becomes sign-in's and
 * the page shows the sign-in screen it holds (SIGN_IN_HERE_ATTRIBUTE: the root
 * is hidden until the boot script, at the end of the body, has put it in), so
 * no second page is fetched; sign-in in the other language is fetched. With one, it writes the parent's name into the title that names
 * them (NAMED_TITLE_ATTRIBUTE) as the parser adds it, so the first paint
 * already says "Hello, {name}!". The parent is read as readSessionUser reads it.
 * It also marks <html> with VERIFIED_ATTRIBUTE when this tab holds the hint
 * that this parent's phone is verified (VERIFIED_MARK_KEY equal to the saved
 * parent, as src/shared/conversation/verified-mark.ts writes it): the chat
 * screen's CSS then paints the block the parent will see, the thread's frame
 * or the verification, and hydration keeps it.
 *
 * It remembers the language switch's choice (a tap on a link with `hreflang`) as LOCALE_KEY, from the page's
 * first paint: a page of links answers taps before the app has started (build/prerender.ts).
 *
 * A page it sends away is hidden at once: the browser goes on parsing it
 * until the other arrives, and must paint none of it. The CSP allows exactly this text by its hash.
 */
export const LOCALE_SCRIPT =
  `{try{const p=location.pathname,h=p==="${HINDI_BASE}"||p.startsWith("${HINDI_BASE}/"),` +
  `c=localStorage.getItem("${LOCALE_KEY}"),` +
  'own=document.referrer.startsWith(location.origin+"/"),' +
  'w=c==="hi"||c==="en"?c:h||own?"":(navigator.languages||[navigator.language]).map(l=>l.toLowerCase().split("-")[0]).find(l=>l==="hi"||l==="en"),' +
  `g=document.currentScript.hasAttribute("${NEEDS_SESSION_ATTRIBUTE}"),` +
  `u=g&&(()=>{try{const v=JSON.parse(sessionStorage.getItem("${SESSION_USER_KEY}"));` +
  'return v&&typeof v.name==="string"&&typeof v.number==="string"&&v.name.trim()&&v.number.trim()?v:null}' +
  'catch{return null}})(),' +
  'go=(to,q)=>{location.replace(to+(q?location.search+location.hash:""));document.documentElement.style.display="none"};' +
  `if(g&&!u){const s=((w||(h?"hi":"en"))==="hi"?"${HINDI_BASE}":"")+"${paths.signIn}";` +
  `if(!w||w===(h?"hi":"en")){history.replaceState(null,"",s);document.documentElement.setAttribute("${SIGN_IN_HERE_ATTRIBUTE}","")}else go(s)}` +
  `else if(w==="hi"&&!h)go("${HINDI_BASE}"+(p==="/"?"":p),1);` +
  `else if(w==="en"&&h)go(p.slice(${HINDI_BASE.length})||"/",1);` +
  `else if(u){if(sessionStorage.getItem("${VERIFIED_MARK_KEY}")===sessionStorage.getItem("${SESSION_USER_KEY}"))` +
  `document.documentElement.setAttribute("${VERIFIED_ATTRIBUTE}","");` +
  `const f=()=>{const e=document.querySelector("[${NAMED_TITLE_ATTRIBUTE}]");` +
  `if(e){const t=e.getAttribute("${NAMED_TITLE_ATTRIBUTE}").replace("${NAME_SLOT}",()=>u.name);if(e.textContent!==t)e.textContent=t}},` +
  'o=new MutationObserver(f);o.observe(document,{childList:true,subtree:true});' +
  'addEventListener("DOMContentLoaded",()=>{f();o.disconnect()})}' +
  ';addEventListener("click",e=>{const a=e.target instanceof Element&&e.target.closest("a[hreflang]");' +
  `if(a)try{localStorage.setItem("${LOCALE_KEY}",a.getAttribute("hreflang"))}catch{}},true)}catch{}}`;
