import { DirectionProvider, MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
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

  describe('of a list paged by keyset', () => {
    function renderStepping(count: number, page: number, onStep = vi.fn(), onChange = vi.fn()) {
      render(
        <MantineProvider>
          <Pager count={count} page={page} onChange={onChange} onStep={onStep} />
        </MantineProvider>,
      );
      return { onStep, onChange };
    }

    it('adds First and Last around the arrows, keeping the page shown', () => {
      renderStepping(95, 5);
      expect(pageButtons()).toEqual(['First page', 'Previous page', '1', '…', '5', '…', '10', 'Next page', 'Last page']);
      expect(screen.getByRole('button', { name: '5' })).toHaveAttribute('aria-current', 'page');
    });

    it('steps with the four arrows and jumps with the numbers', async () => {
      const user = userEvent.setup();
      const { onStep, onChange } = renderStepping(95, 5);
      for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) await user.click(screen.getByRole('button', { name }));
      expect(onStep.mock.calls.map(([step]) => step)).toEqual(['first', 'previous', 'next', 'last']);
      await user.click(screen.getByRole('button', { name: '10' }));
      expect(onChange.mock.calls.map(([page]) => page)).toEqual([10]);
    });

    it('cannot go back from the first page nor on from the last', () => {
      renderStepping(95, 1);
      expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Last page' })).toBeEnabled();
      cleanup();
      renderStepping(95, 10);
      expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    });

    it('speaks Arabic right to left, its arrows turned', async () => {
      await i18n.changeLanguage('ar');
      try {
        render(
          <DirectionProvider initialDirection="rtl">
            <MantineProvider>
              <div dir="rtl">
                <Pager count={95} page={5} onChange={vi.fn()} onStep={vi.fn()} />
              </div>
            </MantineProvider>
          </DirectionProvider>,
        );
        const pager = screen.getByRole('navigation', { name: 'الصفحات' });
        for (const name of ['الصفحة الأولى', 'الصفحة السابقة', 'الصفحة التالية', 'الصفحة الأخيرة']) {
          const arrow = within(pager).getByRole('button', { name });
          // Mantine turns the arrows' icons in a right-to-left page
          expect(arrow.querySelector('svg')).toHaveClass('mantine-rotate-rtl');
        }
      } finally {
        await i18n.changeLanguage('en');
      }
    });
  });
});
