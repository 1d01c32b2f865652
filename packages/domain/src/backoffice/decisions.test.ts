import { describe, expect, it } from 'vitest';
import { canDecideOnProvider, smeDecisionFor } from './decisions.js';

describe('back-office decisions by role and level', () => {
  it('gives each role its one level, and the admin the activation at 7', () => {
    const levels = [-6, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8];
    const table = Object.fromEntries(
      (['admin', 'bank', 'insurance'] as const).map((role) => [role, levels.filter((l) => smeDecisionFor(role, l)).map((l) => [l, smeDecisionFor(role, l)])]),
    );
    expect(table).toEqual({
      admin: [[4, 'review'], [7, 'installments']],
      bank: [[5, 'review']],
      insurance: [[6, 'insurance']],
    });
  });

  it('lets the admin decide on a supplier at level 4 only', () => {
    expect([3, 4, 5, -2].map(canDecideOnProvider)).toEqual([false, true, false, false]);
  });
});
