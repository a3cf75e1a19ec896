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
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expectFocusedAndOff(button('Next page'));

    await user.keyboard('{Enter}');
    await user.click(button('Next page'));
    expect(onPageChange.mock.calls).toEqual([[3]]);
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(button('Previous page').getAttribute('aria-disabled')).toBeNull();
  });

  it('keeps focus on Previous when it reaches the first page', async () => {
    const { onPageChange, user } = renderPaged(2);
    button('Previous page').focus();
    await user.keyboard(' ');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
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
});
