import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_HERE_ATTRIBUTE } from '../../../../src/page/boot-script.ts';
import { LOCALE_SCRIPT, NEEDS_SESSION_ATTRIBUTE } from '../../../../src/page/locale-script.ts';
import { LOCALE_KEY } from '../../../../src/shared/i18n/locale.ts';
import { NAME_SLOT, NAMED_TITLE_ATTRIBUTE, SESSION_USER_KEY } from '../../../../src/shared/session/session-user.ts';
import {
  markVerified,
  VERIFIED_ATTRIBUTE,
  VERIFIED_MARK_KEY,
} from '../../../../src/shared/conversation/verified-mark.ts';

interface Visit {
  url: string;
  stored?: string | null;
  languages?: string[];
  referrer?: string;
  storageThrows?: boolean;
  /** The page needs the session user (its script element carries NEEDS_SESSION_ATTRIBUTE). */
  guarded?: boolean;
  /** What this tab's sessionStorage holds under SESSION_USER_KEY. */
  session?: string | null;
  /** The prerendered h1's NAMED_TITLE_ATTRIBUTE, when the page has one. */
  namedTitle?: string;
  /** What this tab's sessionStorage holds under VERIFIED_MARK_KEY. */
  mark?: string | null;
}

/** A stand-in for the h1 the parser adds, and the MutationObserver that sees it added. */
interface FakePage {
  heading: { textContent: string; getAttribute(name: string): string | null } | null;
  observe?: () => void;
  contentLoaded?: () => void;
  /** The attributes the script set on <html>. */
  rootAttributes?: Set<string>;
  /** The address the script gave the page in place (history.replaceState), when it did. */
  addressInPlace?: string;
}

/** Runs the pages' locale script on a visit: where it sends the page, or undefined when it stays. */
function run(
  {
    url,
    stored = null,
    languages = ['en-IN'],
    referrer = '',
    storageThrows = false,
    guarded = false,
    session = null,
    namedTitle,
    mark = null,
  }: Visit,
  page: FakePage = { heading: null },
) {
  const address = new URL(url);
  let replaced: string | undefined;
  const style = { display: '' };
  const rootAttributes = new Set<string>();
  page.rootAttributes = rootAttributes;
  runInNewContext(LOCALE_SCRIPT, {
    location: {
      origin: address.origin,
      pathname: address.pathname,
      search: address.search,
      hash: address.hash,
      replace: (to: string) => (replaced = to),
    },
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error('SecurityError');
        return key === LOCALE_KEY ? stored : null;
      },
    },
    sessionStorage: {
      getItem: (key: string) => (key === SESSION_USER_KEY ? session : key === VERIFIED_MARK_KEY ? mark : null),
    },
    history: { replaceState: (_state: unknown, _title: string, to: string) => (page.addressInPlace = to) },
    navigator: { languages, language: languages[0] },
    document: {
      referrer,
      documentElement: { style, setAttribute: (name: string) => rootAttributes.add(name) },
      currentScript: { hasAttribute: (name: string) => guarded && name === NEEDS_SESSION_ATTRIBUTE },
      querySelector: (selector: string) =>
        selector === `[${NAMED_TITLE_ATTRIBUTE}]` && namedTitle !== undefined ? page.heading : null,
    },
    MutationObserver: class {
      constructor(private readonly callback: () => void) {}
      observe() {
        page.observe = this.callback;
      }
      disconnect() {
        page.observe = undefined;
      }
    },
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'DOMContentLoaded') page.contentLoaded = listener;
    },
  });
  // A page sent away is never painted; one that stays is left alone.
  expect(style.display).toBe(replaced === undefined ? '' : 'none');
  return replaced;
}

const whereTo = (visit: Visit) => run(visit);

/** Where a visit to a guarded page with no parent gets sign-in: fetched from its address, or shown in place. */
function signInFor(visit: Visit): { fetched?: string; inPlace?: string } {
  const page: FakePage = { heading: null };
  const fetched = run(visit, page);
  if (fetched !== undefined) return { fetched };
  // In place: under sign-in's address, the page's root hidden until the boot script has put sign-in in it.
  expect([...(page.rootAttributes ?? [])]).toEqual([SIGN_IN_HERE_ATTRIBUTE]);
  return { inPlace: page.addressInPlace };
}

const ASHA = JSON.stringify({ name: 'Asha Verma', number: '9876543210' });

/** The h1's text after the parser added it with `text` and then the rest of the page: the first paint shows it. */
function firstPaintHeading(visit: Visit, text: string): { text: string; watching: boolean } {
  const page: FakePage = { heading: null };
  expect(run(visit, page)).toBeUndefined();
  page.heading = {
    textContent: '',
    getAttribute: (name) => (name === NAMED_TITLE_ATTRIBUTE ? (visit.namedTitle ?? null) : null),
  };
  page.observe?.();
  // The parser may yield between the element and its text: the text it adds later is written over too.
  page.heading.textContent += text;
  page.observe?.();
  page.contentLoaded?.();
  return { text: page.heading.textContent, watching: page.observe !== undefined };
}

const ORIGIN = 'https://thrive.example';

describe('the locale script', () => {
  it.each([
    ['/', '/hi'],
    ['/registered-parent/menu', '/hi/registered-parent/menu'],
    ['/registered-parent/chat?shared=1#x', '/hi/registered-parent/chat?shared=1#x'],
  ])('opens %s in Hindi when Hindi was chosen: %s', (path, expected) => {
    expect(whereTo({ url: ORIGIN + path, stored: 'hi' })).toBe(expected);
  });

  it.each([
    ['/hi', '/'],
    ['/hi/', '/'],
    ['/hi/new-to-thrive/book-consult?a=b', '/new-to-thrive/book-consult?a=b'],
  ])('opens %s in English when English was chosen: %s', (path, expected) => {
    expect(whereTo({ url: ORIGIN + path, stored: 'en', languages: ['hi-IN'] })).toBe(expected);
  });

  it('leaves a page in the chosen language where it is', () => {
    expect(whereTo({ url: `${ORIGIN}/hi/registered-parent`, stored: 'hi' })).toBeUndefined();
    expect(whereTo({ url: `${ORIGIN}/registered-parent`, stored: 'en', languages: ['hi'] })).toBeUndefined();
  });

  it("follows the phone's languages on a first visit with no choice made", () => {
    expect(whereTo({ url: `${ORIGIN}/`, languages: ['hi-IN', 'en-US'] })).toBe('/hi');
    expect(whereTo({ url: `${ORIGIN}/`, languages: ['mr-IN', 'hi-IN'] })).toBe('/hi');
    expect(whereTo({ url: `${ORIGIN}/`, languages: ['en-IN', 'hi-IN'] })).toBeUndefined();
    expect(whereTo({ url: `${ORIGIN}/`, languages: ['ta-IN'] })).toBeUndefined();
  });

  it('keeps a Hindi address in Hindi when no choice was made, whatever the phone prefers', () => {
    expect(whereTo({ url: `${ORIGIN}/hi/new-to-thrive`, languages: ['en-GB'] })).toBeUndefined();
  });

  it("does not follow the phone's languages when the visit came from the portal itself", () => {
    expect(whereTo({ url: `${ORIGIN}/`, languages: ['hi-IN'], referrer: `${ORIGIN}/hi` })).toBeUndefined();
    expect(whereTo({ url: `${ORIGIN}/`, languages: ['hi-IN'], referrer: 'https://search.example/' })).toBe('/hi');
  });

  it('leaves the page as addressed when storage refuses to be read', () => {
    expect(whereTo({ url: `${ORIGIN}/`, languages: ['hi-IN'], storageThrows: true })).toBeUndefined();
  });

  it('ignores a stored value that is not a language it speaks', () => {
    expect(whereTo({ url: `${ORIGIN}/`, stored: 'fr', languages: ['hi-IN'] })).toBe('/hi');
  });

  it.each([
    ['no parent', null],
    ['a corrupt one', '{"name":'],
    ['one with no number', JSON.stringify({ name: 'Asha', number: ' ' })],
  ])('gives a visit with %s in this tab to a guarded page sign-in, in the page’s language', (_case, session) => {
    // In the page's language, the page shows the sign-in it holds: no second page is fetched.
    expect(signInFor({ url: `${ORIGIN}/registered-parent/menu?x=1#y`, guarded: true, session })).toEqual({
      inPlace: '/registered-parent',
    });
    expect(signInFor({ url: `${ORIGIN}/hi/registered-parent/chat`, guarded: true, session })).toEqual({
      inPlace: '/hi/registered-parent',
    });
    expect(signInFor({ url: `${ORIGIN}/registered-parent/chat`, guarded: true, session, stored: 'en' })).toEqual({
      inPlace: '/registered-parent',
    });
    // In the other language chosen, that one's sign-in straight away: one replace, not two.
    expect(signInFor({ url: `${ORIGIN}/registered-parent/menu`, guarded: true, session, stored: 'hi' })).toEqual({
      fetched: '/hi/registered-parent',
    });
    expect(signInFor({ url: `${ORIGIN}/hi/registered-parent/menu`, guarded: true, session, stored: 'en' })).toEqual({
      fetched: '/registered-parent',
    });
  });

  it('leaves a guarded page to a signed-in parent, and an unguarded one to anyone', () => {
    expect(whereTo({ url: `${ORIGIN}/registered-parent/chat`, guarded: true, session: ASHA })).toBeUndefined();
    expect(whereTo({ url: `${ORIGIN}/registered-parent`, session: null })).toBeUndefined();
  });

  it("writes the parent's name into the title that names them before the first paint", () => {
    const visit = { url: `${ORIGIN}/registered-parent/menu`, guarded: true, session: ASHA };
    expect(firstPaintHeading({ ...visit, namedTitle: `Hello, ${NAME_SLOT}!` }, 'Hello!')).toEqual({
      text: 'Hello, Asha Verma!',
      watching: false,
    });
    expect(
      firstPaintHeading(
        { ...visit, url: `${ORIGIN}/hi/registered-parent/menu`, namedTitle: `नमस्ते, ${NAME_SLOT}!` },
        'नमस्ते!',
      ).text,
    ).toBe('नमस्ते, Asha Verma!');
  });

  it('writes a name as text, whatever characters it has', () => {
    const session = JSON.stringify({ name: '$& <b>Asha</b>', number: '9876543210' });
    const visit = {
      url: `${ORIGIN}/registered-parent/menu`,
      guarded: true,
      session,
      namedTitle: `Hello, ${NAME_SLOT}!`,
    };
    expect(firstPaintHeading(visit, 'Hello!').text).toBe('Hello, $& <b>Asha</b>!');
  });

  describe("the chat screen's first block", () => {
    /** The hint as the page writes it for this tab's parent (src/shared/conversation/verified-mark.ts). */
    const markFor = (session: string, verified = true) => {
      const items = new Map([[SESSION_USER_KEY, session]]);
      markVerified(
        {
          getItem: (key) => items.get(key) ?? null,
          setItem: (key, value) => items.set(key, value),
          removeItem: (key) => items.delete(key),
        },
        verified,
      );
      return items.get(VERIFIED_MARK_KEY) ?? null;
    };
    const marksVerified = (visit: Visit) => {
      const page: FakePage = { heading: null };
      expect(run(visit, page)).toBeUndefined();
      return page.rootAttributes?.has(VERIFIED_ATTRIBUTE);
    };
    const chat = { url: `${ORIGIN}/registered-parent/chat`, guarded: true, session: ASHA };

    it('marks <html> verified for the parent the page marked, in either language', () => {
      expect(marksVerified({ ...chat, mark: markFor(ASHA) })).toBe(true);
      expect(marksVerified({ ...chat, url: `${ORIGIN}/hi/registered-parent/chat`, mark: markFor(ASHA) })).toBe(true);
    });

    it.each([
      ['no hint', null],
      ['the hint removed', markFor(ASHA, false)],
      ['a hint of another parent', markFor(JSON.stringify({ name: 'Ravi Kumar', number: '9000000002' }))],
      [
        'a hint of the same parent signed in typed otherwise',
        markFor(JSON.stringify({ ...JSON.parse(ASHA), number: '98765 43210' })),
      ],
    ])('leaves the verification to be painted with %s', (_case, mark) => {
      expect(marksVerified({ ...chat, mark })).toBe(false);
    });

    it('marks no verification on a page that shows sign-in', () => {
      expect(signInFor({ ...chat, session: null, mark: markFor(ASHA) })).toEqual({ inPlace: '/registered-parent' });
    });
  });
});
