/**
 * Whether a staff password is one guessers try first (ASVS 2.1.7). A
 * password here has 12 characters or more, and the long common ones are a
 * common word or run padded with digits and symbols (`Password@1234`,
 * `qwertyuiop123`, `welcome12345`), so the check reads the letters left
 * when digits, symbols and spaces are taken out, and refuses them when they
 * are nothing, a repetition, a run along the keyboard or the alphabet, a
 * word from the list below (alone or repeated), or the account's own email
 * or name.
 */

/** Words the lists of leaked passwords are full of, and what a guesser tries for this programme, in lower case. */
// prettier-ignore
const COMMON_WORDS = new Set([
  'password', 'passwd', 'pass', 'welcome', 'iloveyou', 'loveyou', 'love', 'admin', 'administrator', 'root',
  'letmein', 'login', 'user', 'guest', 'test', 'default', 'changeme', 'secret', 'master', 'hello', 'sunshine',
  'monkey', 'dragon', 'shadow', 'superman', 'batman', 'princess', 'football', 'cricket', 'baseball', 'soccer',
  'freedom', 'whatever', 'trustno', 'starwars', 'pokemon', 'computer', 'internet', 'google', 'samsung', 'iphone',
  'angel', 'baby', 'family', 'friends', 'summer', 'winter', 'spring', 'autumn', 'india', 'bharat', 'hindustan',
  'mumbai', 'delhi', 'kolkata', 'chennai', 'bangalore', 'krishna', 'ganesh', 'sairam', 'omsairam', 'jaishreeram',
  'hanuman', 'shiva', 'thrive', 'staff', 'parent', 'parents', 'teacher', 'school', 'facilitator', 'programme',
  'program', 'portal', 'inbox', 'january', 'february', 'march', 'april', 'june', 'july', 'august',
  'september', 'october', 'november', 'december', 'monday', 'friday', 'sunday',
]);

/** Runs a lazy hand makes: keyboard rows and columns, and the alphabet. */
const RUNS = ['qwertyuiopasdfghjklzxcvbnm', 'qazwsxedcrfvtgbyhnujmikolp', 'abcdefghijklmnopqrstuvwxyz'];

const lettersOf = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}]/gu, '');

/** "abcabc", "aaaa": a unit of up to 4 letters said again and again. */
const isRepetition = (letters: string) => /^(.{1,4})\1+$/u.test(letters);

const isRun = (letters: string) =>
  letters.length >= 3 && RUNS.some((run) => run.includes(letters) || [...run].reverse().join('').includes(letters));

/** A common word, or one said twice or more ("passwordpassword"). */
const isCommonWord = (letters: string) =>
  [...COMMON_WORDS].some((word) => letters === word || letters === word.repeat(letters.length / word.length));

export function isCommonPassword(password: string, account: { email?: string; name?: string } = {}): boolean {
  const letters = lettersOf(password);
  if (letters === '' || isRepetition(letters) || isRun(letters) || isCommonWord(letters)) return true;
  const own = [account.email, account.email?.split('@')[0], account.name, ...(account.name?.split(/\s+/u) ?? [])]
    .filter((part): part is string => part !== undefined)
    .map(lettersOf)
    .filter((part) => part.length >= 3);
  return own.some((part) => letters === part);
}
