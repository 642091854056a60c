import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hindi } from '../../../src/app/hindi.ts';
import type { en as app } from '../../../src/app/messages.ts';
import { appText } from '../../../src/app/messages.ts';
import { pwaText } from '../../../src/app/pwa/messages.ts';
import { visitorText } from '../../../src/features/visitor/messages.ts';
import { activateLocale, type Catalog, type Namespace } from '../../../src/shared/i18n/catalog.ts';
import { uiText } from '../../../src/ui/messages.ts';
import { ENGLISH } from '../../support/english-catalogs.ts';
import { signInText } from '../../../src/features/sign-in/messages.ts';

/** Texts that are the same in both languages on purpose: names, brands, symbols and file names. */
const SAME_IN_BOTH = new Set([
  'app.programmeTitle',
  'visitor.form.requiredMark',
  'conversation.chat.sizes',
  'schedule.calendar.sessionFile',
  'schedule.calendar.allFile',
  'schedule.calendar.cancelFile',
]);

const DEVANAGARI = /[\u0900-\u097F]/;

/** Every text of a catalog by its dotted path; a function is called with sample arguments of each kind. */
function texts(catalog: unknown, path: string): [string, string][] {
  if (typeof catalog === 'string') return [[path, catalog]];
  if (typeof catalog === 'function') {
    const args = Array.from({ length: catalog.length }, (_, index) => (index % 2 ? 3 : 'Asha'));
    return [[path, String((catalog as (...values: unknown[]) => unknown)(...args))]];
  }
  return Object.entries(catalog as Record<string, unknown>).flatMap(([key, value]) => texts(value, `${path}.${key}`));
}

describe.each(Object.keys(ENGLISH) as Namespace[])('the Hindi %s catalog', (namespace) => {
  const en = new Map(texts(ENGLISH[namespace], namespace));
  const hi = new Map(texts(hindi[namespace], namespace));

  it('has every text the English one has, and no other', () => {
    expect([...hi.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('translates every text, apart from the names and symbols listed as the same in both', () => {
    const untranslated = [...hi].filter(([path, text]) => text === en.get(path) && !SAME_IN_BOTH.has(path));
    expect(untranslated).toEqual([]);
  });

  it('writes every translated text in Devanagari', () => {
    const latinOnly = [...hi].filter(([path, text]) => !SAME_IN_BOTH.has(path) && !DEVANAGARI.test(text));
    expect(latinOnly).toEqual([]);
  });
});

describe('the type of a Hindi catalog', () => {
  it('refuses one that misses a key (checked by tsc, which fails on an unused expect-error)', () => {
    // @ts-expect-error: `tagline` and the rest are missing, so this is not an app catalog.
    const incomplete: Catalog<typeof app> = { programmeTitle: 'Thrive' };
    expect(incomplete.programmeTitle).toBe('Thrive');
  });
});

describe('reading texts', () => {
  afterEach(() => activateLocale('en'));

  it("gives every namespace's texts in the page's language, English until Hindi is activated", () => {
    expect(appText().notFound.title).toBe('Details not found');
    expect(signInText().title).toBe('Welcome Back');
    activateLocale('hi', hindi);
    expect(appText().notFound.title).toBe(hindi.app.notFound.title);
    expect(signInText().title).toBe(hindi['sign-in'].title);
    expect(visitorText().welcome.title).toBe(hindi.visitor.welcome.title);
    expect(uiText().errorTitle).toBe(hindi.ui.errorTitle);
    expect(pwaText().offline.title).toBe(hindi.pwa.offline.title);
  });

  it('is done where a text is shown: no module but the catalogs and their tests reads an English catalog itself', () => {
    const sources = readdirSync('src', { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/messages(-hi)?\.ts$/.test(file))
      .map((file) => join('src', file));
    const readers = sources.filter((file) =>
      /import\s*{[^}]*\ben\b[^}]*}\s*from\s*'[^']*messages\.ts'/.test(readFileSync(file, 'utf8')),
    );
    expect(sources.length).toBeGreaterThan(50);
    expect(readers).toEqual([]);
  });
});
