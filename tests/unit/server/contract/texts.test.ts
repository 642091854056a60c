import { describe, expect, it } from 'vitest';
import {
  ANSWER_TEXTS,
  answerLanguage,
  answerText,
  placeholdersOf,
  type AnswerKey,
} from '../../../../server/contract/texts.ts';

const keys = (language: 'en' | 'hi') => Object.keys(ANSWER_TEXTS[language]).sort();

describe('ANSWER_TEXTS', () => {
  it('has the same keys in English and Hindi', () => {
    expect(keys('hi')).toEqual(keys('en'));
  });

  it.each(Object.keys(ANSWER_TEXTS.en) as AnswerKey[])('%s has the same placeholders in both languages', (key) => {
    expect(placeholdersOf(ANSWER_TEXTS.hi[key]).sort()).toEqual(placeholdersOf(ANSWER_TEXTS.en[key]).sort());
  });

  it('holds plain strings only, so the n8n workflow can embed it as JSON', () => {
    expect(JSON.parse(JSON.stringify(ANSWER_TEXTS))).toEqual(ANSWER_TEXTS);
  });

  it('has Hindi words in every Hindi text that is more than a field name', () => {
    const english = (Object.keys(ANSWER_TEXTS.hi) as AnswerKey[]).filter(
      (key) => !/[\u0900-\u097f]/.test(ANSWER_TEXTS.hi[key]),
    );
    expect(english).toEqual([]);
  });
});

describe('answerText', () => {
  it('fills placeholders in the chosen language', () => {
    expect(answerText('en', 'chatReachedWithAttachments', { count: 2, facilitator: 'Meera Nair' })).toBe(
      'Your message and 2 attachments reached Meera Nair.',
    );
    expect(answerText('hi', 'chatReachedWithAttachments', { count: 2, facilitator: 'Meera Nair' })).toBe(
      'आपका संदेश 2 फ़ाइलों के साथ Meera Nair तक पहुँच गया।',
    );
  });

  it('keeps the texts the spec words exactly', () => {
    expect(answerText('en', 'invalidPhone')).toBe('Please enter a valid phone number (10 digits or E.164 format)');
    expect(answerText('en', 'nameAndNumberRequired')).toBe('Name and phone number are required');
    expect(answerText('en', 'emptyMessage')).toBe('Please enter a message');
    expect(answerText('en', 'messageTooLong')).toBe('Message must be 500 characters or less');
    expect(answerText('en', 'invalidFileType', { filename: 'notes.pdf' })).toBe('notes.pdf is not a valid file type');
  });

  it('inserts a value as plain text, even one that looks like a placeholder or markup', () => {
    expect(answerText('en', 'chatReached', { facilitator: '{count} <b>&amp;' })).toBe(
      'Your message reached {count} <b>&amp;.',
    );
  });

  it('throws when a placeholder has no value, rather than answer "{day}"', () => {
    expect(() => answerText('hi', 'pastDate')).toThrow(/\{day\}/);
    expect(() => answerText('en', 'pastDate', { toString: 'x' })).toThrow(/\{day\}/);
  });
});

describe('answerLanguage', () => {
  it("takes the body's language; without one, an Accept-Language that puts Hindi first; else English", () => {
    expect(answerLanguage({ language: 'hi' }, 'en')).toBe('hi');
    expect(answerLanguage({ language: 'en' }, 'hi')).toBe('en');
    expect(answerLanguage({ language: 'fr' }, 'hi')).toBe('en');
    expect(answerLanguage(undefined, 'hi')).toBe('hi');
    expect(answerLanguage({}, 'hi-IN, en;q=0.8')).toBe('hi');
    expect(answerLanguage(undefined, 'en-IN,hi;q=0.9')).toBe('en');
    expect(answerLanguage('not an object', undefined)).toBe('en');
  });
});
