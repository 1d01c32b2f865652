// Generators the domain's property tests share (kept out of the package's build).
import fc from 'fast-check';
import { BASIS_POINTS_PER_WHOLE } from '../money.js';

/** A plan: 1 to 12 positive parts in basis points that sum to 10 000. */
export const planArb = fc
  .array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 12 })
  .map((weights) => {
    const total = weights.reduce((a, b) => a + b, 0);
    const parts = weights.map((w) => Math.max(1, Math.floor((w * BASIS_POINTS_PER_WHOLE) / total)));
    const sum = parts.reduce((a, b) => a + b, 0);
    parts[parts.length - 1] = (parts.at(-1) ?? 0) + BASIS_POINTS_PER_WHOLE - sum;
    return parts;
  })
  .filter((parts) => parts.every((p) => p > 0));
