// Every list at phone width: one card a row, its first column as the heading, the other columns as
// labelled values and the actions at its foot, with no table to scroll sideways; a table on wider screens.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMediaQueryList } from '@/testing/media-query';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DataTable, PHONE_QUERY, type Column } from './data-table';

type Row = { id: string; name: string; level: string; amount: string };
const ROWS: Row[] = [
  { id: '1', name: 'Al Noor Trading', level: 'Docs Uploaded', amount: '$1,000.00' },
  { id: '2', name: 'Gulf Foods', level: 'Admin Verified', amount: '$250.00' },
];
const COLUMNS: Column<Row>[] = [
  { key: 'name', header: 'Name', render: (row) => row.name },
  { key: 'level', header: 'Level', render: (row) => row.level },
  { key: 'amount', header: 'Amount', render: (row) => row.amount },
  { key: 'actions', header: 'Actions', render: (row) => <a href={`/x/${row.id}`}>See {row.name}</a> },
];

/** The screen's width as media queries see it. */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => fakeMediaQueryList(query, query === PHONE_QUERY && width < 768));
}

afterEach(() => vi.unstubAllGlobals());

describe('DataTable', () => {
  it('shows a card a row at phone width, with every column labelled and the action last', () => {
    screenWidth(390);
    renderWithProviders(<DataTable columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} caption="SMEs" />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'SMEs' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(cards[0]!.firstElementChild?.firstElementChild).toHaveTextContent('Al Noor Trading');
    expect(first.getByText('Level').nextElementSibling).toHaveTextContent('Docs Uploaded');
    expect(first.getByText('Amount').nextElementSibling).toHaveTextContent('$1,000.00');
    // the actions column has no label of its own: its link closes the card
    expect(first.queryByText('Actions')).not.toBeInTheDocument();
    expect(first.getByRole('link', { name: 'See Al Noor Trading' })).toHaveAttribute('href', '/x/1');
  });

  it('shows a table from tablet width on', () => {
    screenWidth(1024);
    renderWithProviders(<DataTable columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} caption="SMEs" />);
    const table = screen.getByRole('table', { name: 'SMEs' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Level', 'Amount', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });
});
