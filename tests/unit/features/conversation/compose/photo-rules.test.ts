import { describe, expect, it } from 'vitest';
import {
  fitWithin,
  isShrinkablePhoto,
  jpegName,
  PHOTO_MAX_EDGE,
} from '../../../../../src/features/conversation/compose/photo-rules.ts';

describe('fitWithin', () => {
  it.each([
    [4000, 3000, { width: 1600, height: 1200 }],
    [3000, 4000, { width: 1200, height: 1600 }],
    [4032, 3024, { width: 1600, height: 1200 }],
    [1600, 900, { width: 1600, height: 900 }],
    [800, 600, { width: 800, height: 600 }],
    [20000, 10, { width: 1600, height: 1 }],
  ])('fits %i×%i into 1600 px as %j', (width, height, fitted) => {
    expect(fitWithin(width, height)).toEqual(fitted);
  });

  it('never enlarges, and keeps the longest edge at the limit given', () => {
    expect(fitWithin(100, 50, 1000)).toEqual({ width: 100, height: 50 });
    expect(Math.max(...Object.values(fitWithin(5000, 7000)))).toBe(PHOTO_MAX_EDGE);
  });
});

describe('isShrinkablePhoto', () => {
  it.each([
    ['image/jpeg', true],
    ['image/png', true],
    ['image/webp', true],
    ['image/heic', true],
    ['image/heif', true],
    ['image/gif', false],
    ['video/mp4', false],
    ['audio/mpeg', false],
    ['', false],
  ])('%j: %s', (type, shrinkable) => {
    expect(isShrinkablePhoto(type)).toBe(shrinkable);
  });
});

describe('jpegName', () => {
  it.each([
    ['IMG_2024.HEIC', 'IMG_2024.jpg'],
    ['drawing.png', 'drawing.jpg'],
    ['photo.jpeg', 'photo.jpg'],
    ['family.trip.webp', 'family.trip.jpg'],
    ['no-extension', 'no-extension.jpg'],
    ['.png', '.png.jpg'],
  ])('%s becomes %s', (name, renamed) => {
    expect(jpegName(name)).toBe(renamed);
  });
});
