/** The parents, the outbox specs' clock and the shapes of generated values the tests share, free of any test runner. */
import type { User } from '../../src/shared/webhook/types.ts';

export const ASHA: User = { name: 'Asha Verma', number: '9876543210' };

/** Monday 23 Nov 2026, 10:00 in India: the calendar, timestamps and 'Saved …' texts are known. */
export const NOW = '2026-11-23T10:00:00.000+05:30';

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const IST_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+05:30$/;
