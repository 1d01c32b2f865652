import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';

async function openFaq() {
  const app = renderApp('/faq');
  await screen.findByRole('heading', { level: 1, name: 'Help & FAQ' });
  const questions = within(screen.getByRole('region', { name: 'Frequently asked questions' })).getAllByRole('button');
  return { ...app, questions };
}

describe('Help & FAQ', () => {
  it('has the hero, a Get started button to sign-in and the services we provide', async () => {
    await openFaq();
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/auth/login');
    const services = screen.getByRole('region', { name: 'Services We Provide' });
    expect(within(services).getByText(/settles the supplier 2-4 working days/)).toBeInTheDocument();
  });

  it('asks seven distinct questions, all closed at first', async () => {
    const { questions } = await openFaq();
    const texts = questions.map((question) => question.textContent);
    expect(texts).toHaveLength(7);
    expect(new Set(texts).size).toBe(7);
    expect(texts).toContain('What happens if my credit application is refused?');
    for (const question of questions) expect(question).toHaveAttribute('aria-expanded', 'false');
    // each question is a heading, for screen-reader navigation
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(7);
  });

  it('keeps only one answer open: opening one closes the other', async () => {
    const { user, questions } = await openFaq();
    const [first, second] = questions as [HTMLElement, HTMLElement];

    await user.click(first);
    await waitFor(() => expect(first).toHaveAttribute('aria-expanded', 'true'));
    await waitFor(() => expect(screen.getByText(/buy-now-pay-later platform for SMEs in the Gulf/)).toBeVisible());

    await user.click(second);
    await waitFor(() => expect(second).toHaveAttribute('aria-expanded', 'true'));
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(questions.filter((question) => question.getAttribute('aria-expanded') === 'true')).toEqual([second]);
    await waitFor(() => expect(screen.getByText(/Both create an account and are verified/)).toBeVisible());
    await waitFor(() => expect(screen.getByText(/buy-now-pay-later platform for SMEs in the Gulf/)).not.toBeVisible());

    await user.click(second);
    await waitFor(() => expect(second).toHaveAttribute('aria-expanded', 'false'));
  });
});
