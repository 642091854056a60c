import { expect, type Locator, type Page } from '@playwright/test';

/** A short description of the focused element, for messages that say where focus went instead. */
async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '<body>';
    const name = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().slice(0, 40);
    return `<${element.tagName.toLowerCase()}> "${name}"`;
  });
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, and fails
 * with the path focus took if it never gets there within `max` presses: a
 * control the keyboard cannot reach is a bug.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 12 } = {}): Promise<void> {
  const path: string[] = [];
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
    path.push(await describeFocus(page));
  }
  throw new Error(`${back ? 'Shift+Tab' : 'Tab'} never reached the target; focus went: ${path.join(' → ')}`);
}

/** Presses Tab once and expects `target` to be what receives focus, with a focus ring a person can see. */
export async function tabOnceTo(page: Page, target: Locator, { back = false } = {}): Promise<void> {
  await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  await expect(target, `focus is on ${await describeFocus(page)}`).toBeFocused();
  await expectVisibleFocus(target);
}

/** WCAG 1.4.11: a focus ring needs 3:1 against what it is drawn on. */
const MIN_RING_CONTRAST = 3;

/**
 * The focused element shows a focus ring: it matches :focus-visible, and its
 * outline (on `ring` when another element draws it, as a label does for a
 * hidden file input) is at least 2 px and contrasts 3:1 with the background
 * around it.
 */
export async function expectVisibleFocus(target: Locator, ring: Locator = target): Promise<void> {
  expect(await target.evaluate((element) => element.matches(':focus-visible')), 'matches :focus-visible').toBe(true);
  const outline = await ring.evaluate((element) => {
    const parse = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const linear = (channel: number) => {
        const c = channel / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const style = getComputedStyle(element);
    // The ring is drawn outside the element (outline-offset), over whatever is behind it.
    let behind = element.parentElement;
    let background = 'rgb(255, 255, 255)';
    while (behind) {
      const color = getComputedStyle(behind).backgroundColor;
      if ((parse(color)[3] ?? 1) > 0) {
        background = color;
        break;
      }
      behind = behind.parentElement;
    }
    const [light, dark] = [luminance(parse(style.outlineColor)), luminance(parse(background))].sort((a, b) => b - a);
    return {
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      contrast: Math.round((((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05)) * 100) / 100,
    };
  });
  expect(outline.style, 'outline style').not.toBe('none');
  expect(outline.width, 'outline width').toBeGreaterThanOrEqual(2);
  expect(outline.contrast, 'outline contrast with its background').toBeGreaterThanOrEqual(MIN_RING_CONTRAST);
}
