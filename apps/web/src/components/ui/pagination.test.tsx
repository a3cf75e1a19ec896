// @vitest-environment jsdom
// Previous and next keep keyboard focus at the ends. jsdom does not drop focus from a button that
// becomes disabled (browsers do), so besides where focus is, these check the button is still
// focusable: not disabled, but aria-disabled and deaf to presses.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination.tsx';

function Paged({
  initialPage,
  disabled = false,
  onPageChange,
}: {
  initialPage: number;
  disabled?: boolean;
  onPageChange: (page: number) => void;
}) {
  const [page, setPage] = useState(initialPage);
  const [pageSize, setPageSize] = useState(25);
  return (
    <Pagination
      page={page}
      pageSize={pageSize}
      total={60}
      pageSizeOptions={[25, 50]}
      disabled={disabled}
      onPageChange={(next) => {
        onPageChange(next);
        setPage(next);
      }}
      onPageSizeChange={setPageSize}
      noun="calls"
    />
  );
}

function renderPaged(initialPage: number, disabled = false) {
  const onPageChange = vi.fn();
  const view = render(
    <Paged initialPage={initialPage} disabled={disabled} onPageChange={onPageChange} />,
  );
  return { onPageChange, user: userEvent.setup(), view };
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const pageBox = () => screen.getByLabelText<HTMLInputElement>('Page');
/** "Page [n] of m": the box's number and the count beside it. */
function expectPage(page: number, of: number) {
  expect(pageBox().value).toBe(String(page));
  expect(screen.getByText(`of ${of}`)).toBeTruthy();
}

/** Focusable and focused, but announced as unavailable. */
function expectFocusedAndOff(element: HTMLButtonElement) {
  expect(document.activeElement).toBe(element);
  expect(element.disabled).toBe(false);
  expect(element.getAttribute('aria-disabled')).toBe('true');
}

afterEach(cleanup);

describe('Pagination', () => {
  it('keeps focus on Next when it reaches the last page, and ignores further presses', async () => {
    const { onPageChange, user } = renderPaged(2);
    button('Next page').focus();
    await user.keyboard('{Enter}');
    expectPage(3, 3);
    expectFocusedAndOff(button('Next page'));

    await user.keyboard('{Enter}');
    await user.click(button('Next page'));
    expect(onPageChange.mock.calls).toEqual([[3]]);
    expectPage(3, 3);
    expect(button('Previous page').getAttribute('aria-disabled')).toBeNull();
  });

  it('keeps focus on Previous when it reaches the first page', async () => {
    const { onPageChange, user } = renderPaged(2);
    button('Previous page').focus();
    await user.keyboard(' ');
    expectPage(1, 3);
    expectFocusedAndOff(button('Previous page'));
    await user.keyboard(' ');
    expect(onPageChange.mock.calls).toEqual([[1]]);
  });

  it('while disabled (busy), keeps focus where it is and ignores every control', async () => {
    const { onPageChange, user, view } = renderPaged(2);
    button('Next page').focus();
    view.rerender(<Paged initialPage={2} disabled onPageChange={onPageChange} />);
    expectFocusedAndOff(button('Next page'));
    await user.click(button('Previous page'));
    expect(onPageChange).not.toHaveBeenCalled();

    const size = screen.getByLabelText<HTMLSelectElement>('Per page');
    expect(size.disabled).toBe(false);
    expect(size.getAttribute('aria-disabled')).toBe('true');
    await user.selectOptions(size, '50');
    expect(size.value).toBe('25');
    expect(screen.getByText('26–50 of 60 calls')).toBeTruthy();
  });

  it('goes to a typed page on Enter or on leaving the box, and to the ends by their buttons', async () => {
    const { onPageChange, user } = renderPaged(1);
    expect(pageBox().getAttribute('aria-describedby')).toBeTruthy();
    await user.clear(pageBox());
    await user.type(pageBox(), '2{Enter}');
    expectPage(2, 3);
    await user.click(button('Last page'));
    expectPage(3, 3);
    expectFocusedAndOff(button('Last page'));
    await user.click(button('First page'));
    expectPage(1, 3);
    await user.clear(pageBox());
    await user.type(pageBox(), '2');
    await user.tab();
    expectPage(2, 3);
    expect(onPageChange.mock.calls).toEqual([[2], [3], [1], [2]]);
  });

  it('takes a page past either end as that end, and puts back anything that is not a page', async () => {
    const { onPageChange, user } = renderPaged(2);
    await user.clear(pageBox());
    await user.type(pageBox(), '99{Enter}');
    expectPage(3, 3);
    await user.clear(pageBox());
    await user.type(pageBox(), '0{Enter}');
    expectPage(1, 3);
    await user.clear(pageBox());
    await user.type(pageBox(), 'two{Enter}');
    expectPage(1, 3);
    await user.clear(pageBox());
    await user.type(pageBox(), '{Escape}');
    expectPage(1, 3);
    expect(onPageChange.mock.calls).toEqual([[3], [1]]);
  });
});
