// A second entry script, tiny and without imports, that the built index.html runs ahead of the app
// (see routePreload in vite.config.ts). It starts fetching the chunks of the page being opened — the
// public area and its page, or the sign-in area — at once. Left to the router, they would be asked
// for only once the app's own, larger code had loaded and run: one round trip after another.
// The build lists each page's files in the #route-chunks data block: hashed names exist only there.

type RouteChunks = { exact: Record<string, string[]>; prefix: Record<string, string[]> };

function filesFor(pathname: string, { exact, prefix }: RouteChunks): string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (exact[path]) return exact[path];
  // The longest prefix wins: /auth/register before /auth/.
  const [, files = []] =
    Object.entries(prefix)
      .filter(([start]) => path.startsWith(start))
      .sort(([a], [b]) => b.length - a.length)[0] ?? [];
  return files;
}

const table = document.getElementById('route-chunks')?.textContent;
if (table) {
  for (const href of filesFor(window.location.pathname, JSON.parse(table) as RouteChunks)) {
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      // Only fetched: the app adds the stylesheet itself, and waits for it, before showing the page.
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
