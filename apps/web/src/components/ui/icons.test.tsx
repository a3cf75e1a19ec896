// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as icons from './icons.tsx';
import {
  IconCircleHalf,
  IconClock,
  IconEye,
  IconSearch,
  IconWarning,
  IconX,
  drawIcon,
} from './icons.tsx';

afterEach(cleanup);

function svgOf(element: HTMLElement): SVGSVGElement {
  const svg = element.querySelector('svg');
  if (!svg) throw new Error('no svg rendered');
  return svg;
}

const shapes = (svg: SVGSVGElement) => [...svg.children].map((child) => child.tagName);

describe('icons', () => {
  it('are 16 px, hidden from assistive technology, not focusable and drawn at stroke width 2', () => {
    const { container } = render(<IconEye />);
    const svg = svgOf(container);
    expect(svg.classList.contains('size-4')).toBe(true);
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('focusable')).toBe('false');
    expect(svg.getAttribute('stroke-width')).toBe('2');
    expect(svg.getAttribute('stroke')).toBe('currentColor');
    expect(svg.getAttribute('fill')).toBe('none');
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
  });

  it('take their size from a class that is passed instead', () => {
    const { container } = render(<IconSearch className="size-3.5 shrink-0" />);
    const svg = svgOf(container);
    expect(svg.classList.contains('size-3.5')).toBe(true);
    expect(svg.classList.contains('shrink-0')).toBe(true);
    expect(svg.classList.contains('size-4')).toBe(false);
  });

  it("carry Lucide's name, and its other names, as classes", () => {
    const { container } = render(<IconClock />);
    expect(svgOf(container).classList.contains('lucide-clock')).toBe(true);
    cleanup();
    const { container: warning } = render(<IconWarning />);
    const classes = svgOf(warning).classList;
    expect(classes.contains('lucide-triangle-exclamation-point')).toBe(true);
    expect(classes.contains('lucide-triangle-alert')).toBe(true);
  });

  it("draw all of an icon's shapes as one path", () => {
    const { container } = render(<IconClock />);
    const svg = svgOf(container);
    expect(shapes(svg)).toEqual(['path']);
    // Lucide's clock: a circle (cx 12, cy 12, r 10) and the hands.
    expect(svg.firstElementChild?.getAttribute('d')).toBe(
      'M2 12a10 10 0 1 0 20 0a10 10 0 1 0 -20 0zM12 6v6l4 2',
    );
  });

  it("keep Lucide's elements when the icon's class draws on them", () => {
    // The half-disc is filled by a class that addresses its path; joined to the circle's, the
    // whole disc would fill.
    const { container } = render(<IconCircleHalf />);
    expect(shapes(svgOf(container))).toEqual(['circle', 'path']);
  });

  it('each draw something', () => {
    // Every export but drawIcon is an icon, of one type.
    const components = Object.entries(icons).filter((entry): entry is [string, typeof IconEye] =>
      entry[0].startsWith('Icon'),
    );
    expect(components.length).toBeGreaterThan(60);
    for (const [name, Icon] of components) {
      const { container, unmount } = render(<Icon />);
      const svg = svgOf(container);
      const drawn = [...svg.children].filter(
        (child) => child.tagName !== 'path' || (child.getAttribute('d') ?? '').length > 0,
      );
      expect(drawn.length, name).toBeGreaterThan(0);
      unmount();
    }
  });
});

describe('drawIcon', () => {
  const d = (...node: [string, Record<string, string>][]) => drawIcon({ node }).d;

  it('draws circles and ellipses as two arcs', () => {
    expect(d(['circle', { cx: '16.5', cy: '7.5', r: '.5' }])).toBe(
      'M16 7.5a0.5 0.5 0 1 0 1 0a0.5 0.5 0 1 0 -1 0z',
    );
    expect(d(['ellipse', { cx: '12', cy: '5', rx: '9', ry: '3' }])).toBe(
      'M3 5a9 3 0 1 0 18 0a9 3 0 1 0 -18 0z',
    );
  });

  it('draws rectangles with and without rounded corners', () => {
    expect(d(['rect', { x: '3', y: '3', width: '18', height: '18', rx: '2' }])).toBe(
      'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2z',
    );
    expect(d(['rect', { x: '2', y: '4', width: '20', height: '16' }])).toBe('M2 4h20v16h-20z');
  });

  it('draws lines, polylines and polygons', () => {
    expect(d(['line', { x1: '12', x2: '12.01', y1: '18', y2: '18' }])).toBe('M12 18L12.01 18');
    expect(d(['polyline', { points: '22 12 16 12 14 15' }])).toBe('M22 12 16 12 14 15');
    expect(d(['polygon', { points: '3 3 21 3 12 21' }])).toBe('M3 3 21 3 12 21z');
  });

  it('starts a joined path where it said it would, not where the one before ended', () => {
    // Lucide's x: its second path starts with a relative move, which on its own counts from the
    // origin. The pairs after that move stay relative.
    expect(d(['path', { d: 'M18 6 6 18' }], ['path', { d: 'm6 6 12 12' }])).toBe(
      'M18 6 6 18M6 6l12 12',
    );
    expect(d(['path', { d: 'm-1.5.5h3' }])).toBe('M-1.5 .5h3');
    expect(d(['path', { d: 'm6,6,12,12' }])).toBe('M6 6l12,12');
    expect(d(['path', { d: 'm 2,3 l4 5' }])).toBe('M2 3l4 5');
    const { container } = render(<IconX />);
    expect(svgOf(container).firstElementChild?.getAttribute('d')).toBe('M18 6 6 18M6 6l12 12');
  });

  it('draws nothing for a shape without size', () => {
    expect(d(['circle', { cx: '12', cy: '12', r: '0' }], ['path', { d: 'M1 1h2' }])).toBe('M1 1h2');
    expect(d(['rect', { x: '2', y: '2', width: '0', height: '4' }])).toBe('');
    expect(d(['ellipse', { cx: '12', cy: '5', rx: '9' }])).toBe(
      'M3 5a9 9 0 1 0 18 0a9 9 0 1 0 -18 0z',
    );
  });

  it.each<[string, [string, Record<string, string>]]>([
    [
      'with attributes of its own (a filled dot, say)',
      ['circle', { cx: '16.5', cy: '7.5', r: '.5', fill: 'currentColor' }],
    ],
    ['whose size is not a number', ['rect', { x: '2', y: '2', width: '10%', height: '4' }]],
  ])('leaves a shape %s as its own element', (_, shape) => {
    const drawing = drawIcon({ node: [['path', { d: 'M2 2h4' }], shape] });
    expect(drawing.d).toBe('M2 2h4');
    expect(drawing.own).toEqual([shape]);
  });

  it('leaves a shape it does not know as its own element', () => {
    expect(drawIcon({ node: [['text', { x: '1' }]] })).toEqual({
      d: '',
      own: [['text', { x: '1' }]],
    });
  });
});
