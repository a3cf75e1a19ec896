// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../../testing/render.tsx';
import { Combobox, type ComboboxOption } from './combobox.tsx';

beforeEach(() => {
  stubResizeObserver(); // Radix measures the button, and cmdk the list
  // cmdk keeps the highlighted option in view.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const OPTIONS: ComboboxOption[] = [
  { value: 'mia', label: 'Mia Hart', description: 'mia@northwind.test' },
  { value: 'zoe', label: 'Zoë Quinn', description: 'zq@northwind.test' },
  { value: 'leo', label: 'Leo Marsh', description: 'leo.marsh@northwind.test' },
];

function Picker({
  initial = null,
  disabled = false,
  onValueChange,
}: {
  initial?: string | null;
  disabled?: boolean;
  onValueChange: (value: string) => void;
}) {
  const [value, setValue] = useState(initial);
  const chosen = OPTIONS.find((option) => option.value === value);
  return (
    <>
      <Combobox
        label="Assignee"
        options={OPTIONS}
        value={value}
        onValueChange={(next) => {
          onValueChange(next);
          setValue(next);
        }}
        searchLabel="Search colleagues"
        emptyText="No colleague matches"
        disabled={disabled}
      >
        {chosen ? chosen.label : 'Unassigned'}
      </Combobox>
      <button type="button">After</button>
    </>
  );
}

function renderPicker(props: { initial?: string | null; disabled?: boolean } = {}) {
  const onValueChange = vi.fn();
  render(<Picker {...props} onValueChange={onValueChange} />);
  return { onValueChange, user: userEvent.setup() };
}

const button = () => screen.getByRole('button', { name: /^Assignee/u });
const search = () => screen.getByRole('combobox', { name: 'Search colleagues' });
const optionLabels = () => screen.getAllByRole('option').map((option) => option.textContent);

/** The option the search box points at (aria-activedescendant). */
function highlighted(): HTMLElement | null {
  const id = search().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
}

describe('Combobox', () => {
  it('names its button by the label and the choice, and opens from the keyboard', async () => {
    const { user } = renderPicker({ initial: 'zoe' });
    expect(button().textContent).toBe('Assignee: Zoë Quinn');
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();

    button().focus();
    await user.keyboard('{ArrowDown}');
    expect(button().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(search());
    expect(screen.getByRole('listbox', { name: 'Assignee' })).toBeTruthy();
    expect(optionLabels()).toEqual([
      'Mia Hartmia@northwind.test',
      'Zoë Quinnzq@northwind.test',
      'Leo Marshleo.marsh@northwind.test',
    ]);
    // The current choice starts highlighted, and is marked as the one chosen.
    expect(highlighted()?.textContent).toContain('Zoë Quinn');
    expect(screen.getByRole('option', { name: /Zoë Quinn/u }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('opens with Enter too', async () => {
    const { user } = renderPicker();
    button().focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(search());
  });

  it('filters ignoring case and accents, by label and by description', async () => {
    const { user } = renderPicker();
    await user.click(button());
    await user.type(search(), 'zoe');
    expect(optionLabels()).toEqual(['Zoë Quinnzq@northwind.test']);

    await user.clear(search());
    await user.type(search(), 'MARSH@');
    expect(optionLabels()).toEqual(['Leo Marshleo.marsh@northwind.test']);
  });

  it('moves with the arrow keys, round the ends, and picks with Enter', async () => {
    const { user, onValueChange } = renderPicker();
    button().focus();
    await user.keyboard('{ArrowDown}');
    expect(highlighted()?.textContent).toContain('Mia Hart');
    await user.keyboard('{ArrowDown}');
    expect(highlighted()?.textContent).toContain('Zoë Quinn');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(highlighted()?.textContent).toContain('Leo Marsh');
    await user.keyboard('{Home}');
    expect(highlighted()?.textContent).toContain('Mia Hart');
    await user.keyboard('{End}');
    expect(highlighted()?.textContent).toContain('Leo Marsh');

    await user.keyboard('{Enter}');
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('leo');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(button().textContent).toBe('Assignee: Leo Marsh');
    expect(document.activeElement).toBe(button());
  });

  it('keeps the search box pointing at the highlighted option as the search changes', async () => {
    const { user, onValueChange } = renderPicker();
    button().focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(highlighted()?.textContent).toContain('Zoë Quinn');
    await user.type(search(), 'ar');
    expect(optionLabels()).toEqual([
      'Mia Hartmia@northwind.test',
      'Leo Marshleo.marsh@northwind.test',
    ]);
    expect(highlighted()).toBe(screen.getByRole('option', { selected: true }));
    expect(highlighted()?.textContent).toContain('Mia Hart');
    // With search text, Home and End move the caret, not the highlight.
    await user.keyboard('{End}');
    expect(highlighted()?.textContent).toContain('Mia Hart');
    await user.clear(search());
    expect(highlighted()).toBe(screen.getByRole('option', { selected: true }));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('zoe');
  });

  it('picks the first match of a search with Enter', async () => {
    const { user, onValueChange } = renderPicker();
    await user.click(button());
    await user.type(search(), 'zoë{Enter}');
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('zoe');
    expect(document.activeElement).toBe(button());
  });

  it('picks with a click', async () => {
    const { user, onValueChange } = renderPicker();
    await user.click(button());
    await user.click(screen.getByRole('option', { name: /Leo Marsh/u }));
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('leo');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('does not report the current choice again', async () => {
    const { user, onValueChange } = renderPicker({ initial: 'mia' });
    button().focus();
    await user.keyboard('{ArrowDown}');
    expect(highlighted()?.textContent).toContain('Mia Hart');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('closes on Escape without choosing, and returns focus to the button', async () => {
    const { user, onValueChange } = renderPicker();
    await user.click(button());
    await user.type(search(), 'leo');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button());
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('says so when nothing matches', async () => {
    const { user } = renderPicker();
    await user.click(button());
    await user.type(search(), 'nobody');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByText('No colleague matches')).toBeTruthy();
    expect(highlighted()).toBeNull();

    await user.clear(search());
    expect(screen.queryByText('No colleague matches')).toBeNull();
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('closes on Tab and moves on to the next control', async () => {
    const { user } = renderPicker();
    await user.click(button());
    expect(document.activeElement).toBe(search());
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('cannot be opened while disabled', async () => {
    const { user } = renderPicker({ disabled: true });
    expect(button()).toHaveProperty('disabled', true);
    await user.click(button());
    button().focus();
    await user.keyboard('{ArrowDown}{Enter} ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
