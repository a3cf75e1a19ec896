// Class names that turn the admin tables into stacked cards below `sm` (390 px phones): the
// header row hides, each row becomes a card, and each cell shows its column name (data-label).
export const rt = {
  table: 'max-sm:block',
  head: 'max-sm:hidden',
  body: 'max-sm:block',
  row: 'max-sm:flex max-sm:flex-col max-sm:gap-1.5 max-sm:px-4 max-sm:py-3.5',
  // On a card every value starts after its label, whatever the column's alignment, and wraps
  // anywhere rather than overflow (a long call id); the label keeps the plain face even where the
  // value is monospaced or bold.
  cell: 'sm:align-middle max-sm:flex max-sm:items-center max-sm:gap-2 max-sm:p-0 max-sm:text-left max-sm:wrap-anywhere max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:font-sans max-sm:before:text-xs max-sm:before:font-normal max-sm:before:text-fg-muted max-sm:before:content-[attr(data-label)]',
  /** The card's title cell: no label. */
  lead: 'sm:align-middle max-sm:block max-sm:p-0',
  /** The actions cell: as narrow as its buttons in the table, a row at the card's foot. */
  actions: 'sm:w-px sm:align-middle sm:whitespace-nowrap max-sm:flex max-sm:p-0 max-sm:pt-1.5',
} as const;
