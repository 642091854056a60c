/**
 * A week's schedule as the webhook writes it (NOW's week, tests/support/people.ts), and its sessions as the schedule's
 * list writes them again, for the calendar actions' screen tests and browser spec alike.
 */
export const DATED_WEEK = [
  'Wednesday 25 Nov: 5:00 PM with Priya Sharma',
  'Thursday: 6:30-7:15 PM with Rao, Priya; PhD',
  'Friday: whenever suits with Mr. Iyer',
  'Bring your crayons!',
].join('\n');
// As the list writes them again: the day with its date, one time format.
export const PRIYA = 'Wednesday, 25 Nov 5:00 PM with Priya Sharma';
export const RAO = 'Thursday, 26 Nov 6:30 PM – 7:15 PM with Rao, Priya; PhD';

/** 20261125T113000Z for an instant: what Google's `dates` holds, written here independently of the app. */
export const utcStamp = (at: string | Date) =>
  new Date(at)
    .toISOString()
    .replace(/\.\d{3}/, '')
    .replace(/[-:]/g, '');
