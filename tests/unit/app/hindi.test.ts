import { describe, expect, it } from 'vitest';
import { hindi } from '../../../src/app/hindi.ts';
import { en as app } from '../../../src/app/messages.ts';
import { en as pwa } from '../../../src/app/pwa/messages.ts';
import { en as newVisitor } from '../../../src/features/new-visitor/messages.ts';
import { en as registeredParent } from '../../../src/features/registered-parent/messages.ts';
import type { Catalog, Namespace } from '../../../src/shared/i18n/catalog.ts';
import { en as ui } from '../../../src/ui/messages.ts';

const english: Record<Namespace, unknown> = {
  app,
  pwa,
  ui,
  'registered-parent': registeredParent,
  'new-visitor': newVisitor,
};

/** Texts that are the same in both languages on purpose: names, brands, symbols and file names. */
const SAME_IN_BOTH = new Set([
  'app.programmeTitle',
  'new-visitor.form.requiredMark',
  'registered-parent.chat.sizes',
  'registered-parent.schedule.calendar.sessionFile',
  'registered-parent.schedule.calendar.allFile',
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

describe.each(Object.keys(english) as Namespace[])('the Hindi %s catalog', (namespace) => {
  const en = new Map(texts(english[namespace], namespace));
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
