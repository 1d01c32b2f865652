// Walking a list the three ways a client can (ADR 27, ADR 31): by page number, forwards by `after` the
// last row of each page, backwards from `last=true` by `before` the first row of each page. A test
// compares the walks: the same pages, in the same order.
import { expect } from 'vitest';

type Headers = Record<string, string>;

/** One page as a list answers it: its rows' ids, the list's total and the page's cursors. */
export type WalkedPage = { rows: string[]; count: number; cursors: { first: string | null; last: string | null } };

const join = (base: string, query: string) => `${base}${base.includes('?') ? '&' : '?'}${query}`;

/** The three walks of a list, each page read by `read` (a GET of the URL, its answer as a WalkedPage). */
export function listWalks(read: (url: string, headers: Headers) => Promise<WalkedPage>) {
  return {
    /** Every page as `page` numbers read them. */
    async byNumber(base: string, headers: Headers, perPage: number): Promise<string[][]> {
      const first = await read(join(base, `perPage=${perPage}`), headers);
      const pages = [first.rows];
      for (let n = 2; n <= Math.ceil(first.count / perPage); n++) pages.push((await read(join(base, `perPage=${perPage}&page=${n}`), headers)).rows);
      return pages;
    },
    /** The pages read from page 1 by `after` the last row of the page before; `beyond` is the read past the end. */
    async forwards(base: string, headers: Headers, perPage: number): Promise<{ pages: string[][]; beyond: WalkedPage }> {
      let current = await read(join(base, `perPage=${perPage}`), headers);
      const pages = [current.rows];
      for (;;) {
        const next = await read(join(base, `perPage=${perPage}&after=${current.cursors.last}`), headers);
        expect(next.count).toBe(current.count);
        if (next.rows.length === 0) return { pages, beyond: next };
        pages.push(next.rows);
        current = next;
      }
    },
    /** The pages read from the last page by `before` the first row of the page after, put back in order. */
    async backwards(base: string, headers: Headers, perPage: number): Promise<{ pages: string[][]; beyond: WalkedPage }> {
      let current = await read(join(base, `perPage=${perPage}&last=true`), headers);
      const pages = [current.rows];
      for (;;) {
        const previous = await read(join(base, `perPage=${perPage}&before=${current.cursors.first}`), headers);
        expect(previous.count).toBe(current.count);
        if (previous.rows.length === 0) return { pages: pages.reverse(), beyond: previous };
        pages.push(previous.rows);
        current = previous;
      }
    },
    join,
  };
}

/**
 * The walks of a list agree: forwards from page 1 and backwards from `last=true`, by cursor, read exactly
 * the pages `page` numbers read (the backward walk starts with `last=true`: the last page), and a read
 * past either end is empty.
 */
export async function expectWalksAgree(walks: ReturnType<typeof listWalks>, base: string, headers: Headers, perPage: number): Promise<void> {
  const expected = await walks.byNumber(base, headers, perPage);
  expect(expected.flat().length).toBeGreaterThan(perPage);
  const forward = await walks.forwards(base, headers, perPage);
  expect(forward.pages).toEqual(expected);
  expect(forward.beyond.cursors).toEqual({ first: null, last: null });
  const backward = await walks.backwards(base, headers, perPage);
  expect(backward.pages).toEqual(expected);
  expect(backward.beyond.rows).toEqual([]);
}
