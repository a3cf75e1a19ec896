// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IconEye, IconSearch } from './icons.tsx';

afterEach(cleanup);

function svgOf(element: HTMLElement): SVGSVGElement {
  const svg = element.querySelector('svg');
  if (!svg) throw new Error('no svg rendered');
  return svg;
}

describe('icons', () => {
  it('are 16 px, hidden from assistive technology, not focusable and drawn at stroke width 2', () => {
    const { container } = render(<IconEye />);
    const svg = svgOf(container);
    expect(svg.classList.contains('size-4')).toBe(true);
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('focusable')).toBe('false');
    expect(svg.getAttribute('stroke-width')).toBe('2');
    expect(svg.getAttribute('stroke')).toBe('currentColor');
  });

  it('take their size from a class that is passed instead', () => {
    const { container } = render(<IconSearch className="size-3.5 shrink-0" />);
    const svg = svgOf(container);
    expect(svg.classList.contains('size-3.5')).toBe(true);
    expect(svg.classList.contains('shrink-0')).toBe(true);
    expect(svg.classList.contains('size-4')).toBe(false);
  });
});
