import { describe, expect, it } from 'vitest';
import { initialInstallmentRows, previewPlan } from './forms.js';

describe('the activation form', () => {
  it('opens with the current plan in percent, or four parts of 25 % when there is none', () => {
    expect(initialInstallmentRows([0.5, 0.3, 0.2])).toEqual([{ percent: 50 }, { percent: 30 }, { percent: 20 }]);
    expect(initialInstallmentRows([])).toEqual([{ percent: 25 }, { percent: 25 }, { percent: 25 }, { percent: 25 }]);
  });

  it('previews an order of 1,000 (in dollars: 100 000 cents) split by the plan, the remainder on the last part, due every 30 days', () => {
    expect(previewPlan([33.33, 33.33, 33.34])).toEqual([
      { percent: 33.33, amountMinor: 33_330, dueAfterDays: 0 },
      { percent: 33.33, amountMinor: 33_330, dueAfterDays: 30 },
      { percent: 33.34, amountMinor: 33_340, dueAfterDays: 60 },
    ]);
    // an amount the parts do not divide: the cent left over goes to the last instalment
    expect(previewPlan([33.33, 33.33, 33.34], 1_001)?.map((r) => r.amountMinor)).toEqual([333, 333, 335]);
  });

  it('previews nothing until the rows form a whole plan', () => {
    expect(previewPlan([50, 40])).toBeNull();
    expect(previewPlan([50, ''])).toBeNull();
    expect(previewPlan([])).toBeNull();
    expect(previewPlan([100, 0])).toBeNull();
  });
});
