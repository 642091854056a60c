/**
 * The staff pages as HTML strings, rendered on the server: no script at all,
 * every value a person or a parent typed escaped, one small stylesheet that
 * the CSP allows by its hash. They work from 360 px up.
 *
 * Text can lie by direction too: a parent's words are isolated from the
 * page around them (`isolated`, `dir="auto"`), so a right-to-left name or a
 * bidi override cannot reorder what follows, and a character that changes
 * direction is shown as its code (`[U+202E]`) rather than obeyed.
 */
import { createHash } from 'node:crypto';
import { DIRECTION_CONTROLS } from '../../src/shared/rules/control-characters.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const SHOWN_DIRECTION_CONTROLS = new RegExp(DIRECTION_CONTROLS.source, 'gu');

const codeOf = (char: string) => `[U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`;

/** Text into HTML text or a quoted attribute: as text, never as markup, and never turning the text's direction. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char).replace(SHOWN_DIRECTION_CONTROLS, codeOf);
}

/** Markup built from escaped parts; a plain string given to `markup` is escaped, a Markup is kept. */
export class Markup {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Part = string | number | Markup | undefined | false | readonly Part[];

function render(part: Part): string {
  if (part === undefined || part === false) return '';
  if (Array.isArray(part)) return part.map(render).join('');
  if (part instanceof Markup) return part.value;
  return escapeHtml(String(part));
}

/** A tagged template that escapes every value it is given. */
export function markup(strings: TemplateStringsArray, ...values: Part[]): Markup {
  return new Markup(
    strings.reduce((out, string, i) => out + string + (i < values.length ? render(values[i]) : ''), ''),
  );
}

/** A person's words inline, isolated by direction from the text around them. */
export const isolated = (text: string | number) => markup`<bdi>${text}</bdi>`;

/** The same in plain text (a page's title, where no element can hold it): between FSI and PDI. */
export const isolatedInText = (text: string) => markup`\u2068${text}\u2069`;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f6f7f9}
header,main{max-width:52rem;margin:0 auto;padding:.75rem 1rem}
header{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;justify-content:space-between;background:#fff;border-bottom:1px solid #d9dce1}
h1{font-size:1.4rem;margin:.5rem 0 1rem}h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
a{color:#0b57d0}a:focus-visible,button:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
ul,ol{list-style:none;margin:0;padding:0}
.card{background:#fff;border:1px solid #d9dce1;border-radius:.5rem;padding:.75rem;margin:0 0 .5rem}
.unread{border-left:.35rem solid #0b57d0}
.meta{color:#4a4f57;font-size:.9rem;margin:0}
/* Most links stand on lines of their own, stacked in cards and lists: each a 24 px target, however long its text. */
a{display:inline-block;min-height:1.5rem;line-height:1.5rem}
.text{white-space:pre-wrap;overflow-wrap:anywhere;margin:.25rem 0}
.staff{background:#eef4ff}
.via{font-size:.85rem;margin:.25rem 0 0}.verified{color:#1e6b35}.unverified,.no-roster{color:#8a4b00}
.pages{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;margin:.5rem 0 1rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input,textarea{width:100%;font:inherit;padding:.5rem;border:1px solid #8a9099;border-radius:.375rem}
.choice{display:flex;gap:.5rem;align-items:center;font-weight:400}.choice input{width:1.5rem;height:1.5rem;margin:0;padding:0;flex:none}
textarea{min-height:7rem}
button{font:inherit;padding:.5rem 1rem;margin:.5rem 0;border:0;border-radius:.375rem;background:#0b57d0;color:#fff;min-height:2.75rem}
button.quiet{background:#fff;color:#0b57d0;border:1px solid #0b57d0}
.alert{background:#fdecea;border:1px solid #b3261e;color:#5f1411;padding:.5rem .75rem;border-radius:.375rem}
.status{font-weight:600}
.event{background:#f1f3f4;border-style:dashed}.notice{background:#e6f4ea;border:1px solid #1e6b35;padding:.5rem .75rem;border-radius:.375rem}
select{width:100%;font:inherit;padding:.5rem;border:1px solid #8a9099;border-radius:.375rem}
fieldset{border:1px solid #d9dce1;border-radius:.375rem;margin:.5rem 0}.preview{color:#4a4f57}
audio{display:block;width:100%;margin:.25rem 0}
`;

export const STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** Nothing but this page's stylesheet and the thread's own audio files: no script, no frames, forms to this origin only. */
export const STAFF_CSP = [
  "default-src 'none'",
  `style-src ${STYLE_SOURCE}`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "media-src 'self'",
].join('; ');

export function page(title: string | Markup, body: Markup, header?: Markup): string {
  return markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · Thrive staff</title>
<style>${new Markup(STYLE)}</style>
</head>
<body>
${header ?? ''}
<main>
${body}
</main>
</body>
</html>
`.value;
}
