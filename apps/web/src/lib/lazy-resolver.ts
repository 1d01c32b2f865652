// A react-hook-form resolver whose validation code (zod and the form's schema) is fetched on first
// use rather than with the form: the sign-in page then shows before zod, a fair part of its
// JavaScript, has arrived. Validation is asynchronous in react-hook-form anyway.
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * Resolves once the browser has painted the current frame. The form asks for its first validation
 * as it mounts, before its first paint: waiting keeps that fetch and zod's start-up from delaying it.
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0));
    else setTimeout(resolve, 0);
  });
}

export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>,
): Resolver<TFieldValues, TContext, TTransformedValues> {
  let resolver: Promise<Resolver<TFieldValues, TContext, TTransformedValues>> | null = null;
  return async (values, context, options) => {
    resolver ??= afterNextPaint()
      .then(load)
      .catch((error: unknown) => {
        resolver = null; // offline for a moment: the next validation tries again
        throw error;
      });
    return (await resolver)(values, context, options);
  };
}
