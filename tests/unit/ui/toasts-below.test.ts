import { describe, expect, it } from 'vitest';
import { toastsTop } from '../../../src/ui/toasts-below.ts';

describe('toastsTop', () => {
  it('opens 12 px below the lowest element in view', () => {
    expect(toastsTop([56, 128.4, 100])).toBe('calc(max(128px, env(safe-area-inset-top, 0px)) + 12px)');
  });

  it('opens below the notch once everything has scrolled away', () => {
    expect(toastsTop([-300, -20])).toBe('calc(max(0px, env(safe-area-inset-top, 0px)) + 12px)');
    expect(toastsTop([])).toBe('calc(max(0px, env(safe-area-inset-top, 0px)) + 12px)');
  });
});
