/** The parents and the shapes of generated values the tests share, free of any test runner. */
import type { User } from '../../src/shared/webhook/types.ts';

export const ASHA: User = { name: 'Asha Verma', number: '9876543210' };

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const IST_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+05:30$/;
