// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isTypingTarget } from '../../../lib/shortcuts.ts';

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

describe('isTypingTarget', () => {
  it('is true for fields that take text', () => {
    expect(isTypingTarget(element('input'))).toBe(true);
    expect(isTypingTarget(element('input', { type: 'search' }))).toBe(true);
    expect(isTypingTarget(element('textarea'))).toBe(true);
    expect(isTypingTarget(element('select'))).toBe(true);
    const editable = element('div', { contenteditable: 'true' });
    // jsdom does not compute isContentEditable from the attribute.
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(isTypingTarget(editable)).toBe(true);
  });

  it('is false for buttons, choices and the page itself', () => {
    expect(isTypingTarget(element('input', { type: 'radio' }))).toBe(false);
    expect(isTypingTarget(element('input', { type: 'checkbox' }))).toBe(false);
    expect(isTypingTarget(element('button'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
