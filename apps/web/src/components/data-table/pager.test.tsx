import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '@/i18n';
import { Pager, pageCount } from './pager';

function renderPager(count: number, page: number, onChange = vi.fn()) {
  render(
    <MantineProvider>
      <Pager count={count} page={page} onChange={onChange} />
    </MantineProvider>,
  );
  return onChange;
}

function pageButtons(): string[] {
  const pager = screen.getByRole('navigation', { name: 'Pages' });
  return Array.from(pager.querySelectorAll('button, .mantine-Pagination-dots'), (el) =>
    el.tagName === 'BUTTON' ? (el.getAttribute('aria-label') ?? el.textContent ?? '') : '…',
  );
}

describe('the shared pager', () => {
  it('counts pages of ten', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageCount(95)).toBe(10);
  });

  it('shows one sibling each side, the first and last page, ellipses and the arrows', () => {
    renderPager(95, 5);
    expect(pageButtons()).toEqual(['Previous page', '1', '…', '4', '5', '6', '…', '10', 'Next page']);
    expect(screen.getByRole('button', { name: '5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('95 in total')).toBeInTheDocument();
  });

  it('moves by page number and by arrow', async () => {
    const user = userEvent.setup();
    const onChange = renderPager(95, 5);
    await user.click(screen.getByRole('button', { name: '6' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange.mock.calls.map(([page]) => page)).toEqual([6, 4, 6]);
  });

  it('has no page buttons when everything fits on one page', () => {
    renderPager(7, 1);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    expect(screen.getByText('7 in total')).toBeInTheDocument();
  });
});
