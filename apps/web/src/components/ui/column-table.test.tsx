// @vitest-environment jsdom
// A column list makes the whole table: one header a column (a column of buttons named for screen
// readers only), one cell a column in every row, and on a labelled phone card each plain cell
// labelled with its column's name.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  actionsColumn,
  ColumnSkeletonCells,
  ColumnTable,
  countColumn,
  type TableColumn,
} from './column-table.tsx';

interface Fruit {
  id: string;
  name: string;
  colour: string;
  stock: number;
}

const FRUIT: Fruit[] = [
  { id: 'a', name: 'Apple', colour: 'Red', stock: 12 },
  { id: 'b', name: 'Banana', colour: 'Yellow', stock: 3 },
];

const COLUMNS: TableColumn<Fruit>[] = [
  { id: 'name', header: 'Name', card: 'title', cell: (fruit) => fruit.name },
  { id: 'colour', header: 'Colour', showFrom: 'lg', cell: (fruit) => fruit.colour },
  countColumn('stock', 'Stock', (fruit) => fruit.stock),
  actionsColumn((fruit) => <button type="button">{`Sell ${fruit.name}`}</button>),
];

afterEach(cleanup);

describe('ColumnTable', () => {
  it('derives the header row and every row from the column list', () => {
    render(<ColumnTable columns={COLUMNS} rows={FRUIT} rowKey={(fruit) => fruit.id} />);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Name',
      'Colour',
      'Stock',
      'Actions',
    ]);
    expect(headers[3]?.querySelector('.sr-only')?.textContent).toBe('Actions');
    // The table leaves out a column below its `showFrom` width.
    expect(headers[1]?.className).toContain('hidden lg:table-cell');

    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const cells = within(rows[0] as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['Apple', 'Red', '12', 'Sell Apple']);
    // Labels on the card's plain lines only: not on its title nor on its buttons.
    expect(cells.map((cell) => cell.dataset.label)).toEqual([
      undefined,
      'Colour',
      'Stock',
      undefined,
    ]);
    // The first and last columns line up with the card's padding.
    expect(cells[0]?.className).toContain('pl-5');
    expect(cells[3]?.className).toContain('pr-5');
  });

  it('is busy while the rows are refreshed', () => {
    render(<ColumnTable columns={COLUMNS} rows={FRUIT} rowKey={(fruit) => fruit.id} busy />);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });
});

describe('ColumnSkeletonCells', () => {
  it('puts each column’s placeholder where its cell will be, with the cell’s classes', () => {
    const columns: TableColumn<Fruit>[] = [
      { id: 'name', header: 'Name', cellClassName: 'w-40', cell: (f) => f.name, skeleton: '…' },
      { id: 'colour', header: 'Colour', showFrom: 'xl', card: 'hidden', cell: (f) => f.colour },
    ];
    render(
      <table>
        <tbody>
          <tr>
            <ColumnSkeletonCells columns={columns} layout="grid" />
          </tr>
        </tbody>
      </table>,
    );
    const cells = screen.getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['…', '']);
    expect(cells[0]?.className).toContain('w-40');
    // Hidden on the card and below xl in the table alike.
    expect(cells[1]?.className).toContain('hidden xl:table-cell');
    expect(cells[1]?.className).not.toContain('max-md:block');
  });
});
