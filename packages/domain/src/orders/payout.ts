// Four eyes on payouts (DESIGN §8): the one rule of whether the bank's Pay pays at once or asks a
// second bank user. The server decides by it; the web words its button by it.

/**
 * Whether a payout of this amount needs a second bank user's approval: at or above the threshold
 * (so the default threshold 0 sends every payout for approval). Amount and threshold in one unit.
 */
export function payoutNeedsApproval(amount: number, threshold: number): boolean {
  return amount >= threshold;
}
