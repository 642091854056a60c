import { describe, expect, it, vi } from 'vitest';
import { focusOnceAnswering, startAnswering } from '../../../src/ui/answer-input.ts';

/** A root as the prerendered page has it: inert until startAnswering. */
function fakeRoot() {
  const attributes = new Set(['inert']);
  return {
    attributes,
    root: { removeAttribute: (name: string) => attributes.delete(name) } as unknown as HTMLElement,
  };
}

/** An element of that root: `closest('[inert]')` finds the root while it is inert. */
function fakeElement(inert: () => boolean) {
  const focus = vi.fn();
  const element = { closest: () => (inert() ? {} : null), focus, isConnected: true } as unknown as HTMLElement;
  return { element, focus };
}

describe('focus asked for before the page answers input', () => {
  it('is taken as the page starts answering, not before', () => {
    const { attributes, root } = fakeRoot();
    const { element, focus } = fakeElement(() => attributes.has('inert'));
    focusOnceAnswering(element);
    expect(focus).not.toHaveBeenCalled();
    startAnswering(root);
    expect(attributes.has('inert')).toBe(false);
    expect(focus).toHaveBeenCalledOnce();
  });

  it('is taken at once where the page already answers', () => {
    const { element, focus } = fakeElement(() => false);
    focusOnceAnswering(element);
    expect(focus).toHaveBeenCalledOnce();
  });

  it('is not taken by an element gone by then, nor twice', () => {
    const first = fakeRoot();
    const { element, focus } = fakeElement(() => first.attributes.has('inert'));
    focusOnceAnswering(element);
    (element as { isConnected: boolean }).isConnected = false;
    startAnswering(first.root);
    startAnswering(fakeRoot().root);
    expect(focus).not.toHaveBeenCalled();
  });
});
