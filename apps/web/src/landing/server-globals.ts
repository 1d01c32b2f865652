// The landing page is rendered to HTML at build time, outside a browser: the app's i18n module sets
// the html element's language as it loads, so a stand-in element takes it there.
const scope = globalThis as { document?: unknown };
scope.document ??= { documentElement: {} };
