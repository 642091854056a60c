import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookConsult, chat, envelope } from '../../../support/envelopes.ts';
import { addStaff, staffSession, type StaffSession } from '../../../support/staff.ts';
import { startTestPortal, type TestPortal } from '../../../support/test-portal.ts';

/**
 * A flood of messages from numbers on no roster must not hide the real
 * parents: the inbox lists roster parents first and the other numbers
 * apart, in pages, with a search by name or number.
 */
let p: TestPortal;
let staff: StaffSession;
beforeEach(async () => {
  p = await startTestPortal();
  await addStaff(p);
});
afterEach(async () => {
  await p.dispose();
});

const stranger = (i: number) => ({ name: `Flood ${i}`, number: `+9170000${String(i).padStart(5, '0')}` });

async function flood(count: number) {
  for (let i = 0; i < count; i += 1) await p.post({ ...chat(`Spam ${i}`, []), user: stranger(i) });
}

/** The links of one list on an inbox page, in order: its section found by its heading. */
function names(page: string, heading: string): string[] {
  const start = page.indexOf(`>${heading}</h3>`);
  if (start === -1) return [];
  const section = page.slice(start, page.indexOf('</section>', start));
  return [...section.matchAll(/href="\/staff\/conversations\/[0-9]+#latest"><bdi>([^<]+)<\/bdi>/g)].map(
    (m) => m[1] ?? '',
  );
}

describe('the staff inbox under a flood', () => {
  it('lists roster parents first and numbers on no roster apart, 50 to a page', async () => {
    await p.post(chat('A real question', []));
    await flood(120);
    staff = await staffSession(p);
    const first = (await staff.get('/staff')).body;
    expect(names(first, 'Parents on the roster')).toEqual(['Test Parent']);
    const others = names(first, 'Numbers on no roster');
    expect(others).toHaveLength(50);
    expect(others[0]).toBe('Flood 119');
    expect(first).toContain('Page 1 of 3');
    const next = /<a href="([^"]+)" rel="next">Older<\/a>/.exec(first)?.[1]?.replaceAll('&amp;', '&');
    expect(next).toBe('/staff?others=2');
    const third = (await staff.get('/staff?others=3')).body;
    expect(names(third, 'Numbers on no roster')).toEqual(Array.from({ length: 20 }, (_, i) => `Flood ${19 - i}`));
    // The roster parent stays on every page of the others.
    expect(names(third, 'Parents on the roster')).toEqual(['Test Parent']);
  });

  it('finds a conversation and a request by name or by number', async () => {
    await p.post(chat('A real question', []));
    await flood(60);
    await p.post(bookConsult('Mornings'));
    await p.post(envelope('reschedule_single', { date: '2026-11-27' }));
    staff = await staffSession(p);
    const byName = (await staff.get('/staff?q=test%20par')).body;
    expect(names(byName, 'Parents on the roster')).toEqual(['Test Parent']);
    expect(names(byName, 'Numbers on no roster')).toEqual([]);
    expect(byName).toContain('Reschedule (one day): <bdi>Test Parent</bdi>');
    expect(byName).not.toContain('Consultation: ');
    expect(byName).toContain('value="test par"');

    const byNumber = (await staff.get('/staff?q=70000%2000042')).body;
    expect(names(byNumber, 'Numbers on no roster')).toEqual(['Flood 42']);
    expect(names(byNumber, 'Parents on the roster')).toEqual([]);

    const visitor = (await staff.get('/staff?q=9123456780')).body;
    expect(visitor).toContain('Consultation: <bdi>Ravi Kumar</bdi>');
    expect(visitor).toContain('No conversations match “<bdi>9123456780</bdi>”.');
  });

  it('marks each request by whether its number is on the roster, and lists roster ones first among the new', async () => {
    await p.post(envelope('reschedule_single', { date: '2026-11-27' }));
    for (let i = 0; i < 3; i += 1) await p.post({ ...bookConsult(), user: stranger(i) });
    staff = await staffSession(p);
    const page = (await staff.get('/staff')).body;
    const requests = [
      ...page.matchAll(
        /<h3 class="meta">([^:]+): <bdi>([^<]+)<\/bdi>, <a href="tel:[^"]+">[^<]+<\/a>[^<]*<span class="[^"]+">([^<]+)</g,
      ),
    ];
    expect(requests.map((m) => `${m[1]}, ${m[2]}, ${m[3]}`)).toEqual([
      'Reschedule (one day), Test Parent, on the roster',
      'Consultation, Flood 2, not on the roster',
      'Consultation, Flood 1, not on the roster',
      'Consultation, Flood 0, not on the roster',
    ]);
  });
});
