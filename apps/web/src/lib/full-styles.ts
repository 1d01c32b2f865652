// Mantine's whole stylesheet, for every screen but the first ones (app/mantine-critical.css has what
// the app's frame, the landing page and the sign-in page use). The code of another screen loads
// together with it, so nothing shows unstyled; the landing page, the usual first visit, never waits
// for it.

let loading: Promise<unknown> | null = null;

export function loadFullStyles(): Promise<unknown> {
  loading ??= import('@mantine/core/styles.css').catch((error: unknown) => {
    loading = null; // a later screen tries again
    throw error;
  });
  return loading;
}

/** `load` (a lazily loaded screen's import) that also waits for the whole stylesheet. */
export function withFullStyles<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadFullStyles()]).then(([module]) => module);
}
