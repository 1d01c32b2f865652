// Vite build of the single-page app; the API process serves apps/web/dist in production.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rolldown } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const src = fileURLToPath(new URL('./src', import.meta.url));
const domainEntry = fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url));
const routePreload = fileURLToPath(new URL('./src/route-preload.ts', import.meta.url));
/** The prerendered landing page's own script (src/landing/landing.ts): a file of its own, no imports. */
const landingScript = fileURLToPath(new URL('./src/landing/landing.ts', import.meta.url));
const landingStyles = fileURLToPath(new URL('./src/landing/landing.module.css', import.meta.url));
const source = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));

/** Mantine's whole stylesheet, which every screen but the first ones waits for (src/lib/full-styles.ts). */
const fullStyles = createRequire(import.meta.url).resolve('@mantine/core/styles.css');

/** The pages src/route-preload.ts starts early, by address, and the modules each one renders. */
const PUBLIC_PAGES: Record<string, string> = {
  '/': 'home',
  '/landing': 'home',
  '/about-us': 'about-us',
  '/contact-us': 'contact-us',
  '/faq': 'faq',
  '/terms': 'terms',
  '/profile': 'demo-profile',
  '/pre-register': 'pre-register',
};
const ROUTE_MODULES = {
  exact: Object.fromEntries(
    Object.entries(PUBLIC_PAGES).map(([page, file]) => [
      page,
      [
        source('app/routes/public/index.tsx'),
        source(`app/routes/public/${file}.tsx`),
        ...(file === 'home' ? [] : [fullStyles]),
        ...(file === 'pre-register' ? [source('lib/query-provider.tsx')] : []),
      ],
    ]),
  ),
  // The sign-in area (sign-up has a chunk of its own, and alone in the area fetches with TanStack
  // Query); the panels are left out: their role guard may send the visitor elsewhere.
  prefix: {
    '/auth/': [source('app/routes/auth.tsx')],
    '/auth/register': [
      source('app/routes/auth.tsx'),
      source('app/routes/auth-register.tsx'),
      source('lib/query-provider.tsx'),
      fullStyles,
    ],
  },
};

type OutputChunk = Extract<Rolldown.OutputBundle[string], { type: 'chunk' }>;

/**
 * Builds index.html's part of the early start: the #route-chunks table (each page's JavaScript and
 * CSS files, beyond what the app's entry already preloads) and the route-preload script, placed first
 * and async so it runs as soon as it arrives. An inline script would save its request, but the
 * server's Content-Security-Policy allows scripts from files only; a JSON data block is not a script.
 */
function routePreloadScript(): Plugin {
  return {
    name: 'qist:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: appEntry }) {
        if (!bundle || !appEntry) throw new Error('route-preload: index.html has no built entry');
        const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const preloader = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === routePreload);
        if (!preloader || preloader.imports.length) throw new Error('route-preload: its entry must stand alone');

        /** A chunk's file, the files it imports statically (recursively) and their CSS. */
        const withImports = (fileName: string, into = new Set<string>()) => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          const chunk = byFile.get(fileName);
          for (const css of chunk?.viteMetadata?.importedCss ?? []) into.add(css);
          for (const imported of chunk?.imports ?? []) withImports(imported, into);
          return into;
        };
        const loadedByApp = withImports(appEntry.fileName);
        const filesOf = (modules: string[]) => {
          const files = new Set<string>();
          for (const id of modules) {
            const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
            if (!chunk) {
              // A stylesheet imported on its own (src/lib/full-styles.ts) is an asset, not a chunk.
              const asset = Object.values(bundle).find(
                (output) => output.type === 'asset' && output.originalFileNames.some((file) => path.resolve(root, file) === id),
              );
              if (!asset) throw new Error(`route-preload: no chunk or asset holds ${id}`);
              files.add(asset.fileName);
              continue;
            }
            withImports(chunk.fileName, files);
          }
          return [...files].filter((file) => !loadedByApp.has(file)).map((file) => `/${file}`);
        };
        const table = {
          exact: Object.fromEntries(Object.entries(ROUTE_MODULES.exact).map(([page, modules]) => [page, filesOf(modules)])),
          prefix: Object.fromEntries(Object.entries(ROUTE_MODULES.prefix).map(([start, modules]) => [start, filesOf(modules)])),
        };
        const tags: HtmlTagDescriptor[] = [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'route-chunks' },
            children: JSON.stringify(table).replaceAll('<', '\\u003c'),
            injectTo: 'head-prepend',
          },
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${preloader.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
        return tags;
      },
    },
  };
}

/**
 * React Router's production build, for the browser build: the package's exports name only its
 * development build, which differs by one constant (ENABLE_DEV_WARNINGS) and so carries the console
 * warnings meant for developers. The dev server and the tests keep the development build and its warnings.
 */
function reactRouterProduction(): Plugin {
  const production = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist',
    'production',
    'index.mjs',
  );
  return {
    name: 'qist:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === 'react-router' ? production : null;
    },
  };
}

type ChunkingContext = { getModuleInfo: (id: string) => Rolldown.ModuleInfo | null };

const tablerIcons = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@tabler/icons-react/package.json')),
  'dist',
  'esm',
  'icons',
);

/**
 * `import { IconX } from '@tabler/icons-react'` in the app's code becomes an import of IconX's own
 * module. The package's index imports every icon as a namespace, which hides from the chunking below
 * which page uses which icon; the icons that end up in the bundle are the same.
 */
function tablerIconImports(): Plugin {
  const barrelImport = /import\s*\{([^}]*)\}\s*from\s*["']@tabler\/icons-react["'];?/g;
  return {
    name: 'qist:tabler-icon-imports',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(src) || !code.includes('@tabler/icons-react')) return null;
      const rewritten = code.replace(barrelImport, (statement: string, names: string) => {
        const direct: string[] = [];
        const rest: string[] = [];
        for (const name of names.split(',').map((part) => part.trim()).filter(Boolean)) {
          const [imported = '', local = imported] = name.split(/\s+as\s+/);
          const file = path.join(tablerIcons, `${imported}.mjs`);
          if (/^Icon\w+$/.test(imported) && existsSync(file)) direct.push(`import ${local} from ${JSON.stringify(file)};`);
          else rest.push(name);
        }
        if (rest.length) direct.push(`import { ${rest.join(', ')} } from '@tabler/icons-react';`);
        // As many lines as the statement it replaces: the source map stays right line by line.
        return direct.join(' ') + '\n'.repeat(statement.split('\n').length - 1);
      });
      return { code: rewritten, map: null };
    },
  };
}

/** The lazily loaded modules the landing page renders: the public area (its frame) and the home page. */
const LANDING = new Set([source('app/routes/public/index.tsx'), source('app/routes/public/home.tsx')]);
const PUBLIC_AREA = source('app/routes/public/');

/**
 * The React.lazy targets whose chunk statically includes a module of the app or an icon (found by
 * walking up its importers), or null when the entry includes it. Modules of other packages are
 * imported through their package's index, which hides who uses them: null as well.
 */
function lazyRootsOf(id: string, context: ChunkingContext): string[] | null {
  if (!id.startsWith(src) && !id.startsWith(tablerIcons)) return null;
  const roots = new Set<string>();
  const seen = new Set([id]);
  const queue = [id];
  for (let current = queue.pop(); current !== undefined; current = queue.pop()) {
    const info = context.getModuleInfo(current);
    if (!info || info.isEntry) return null;
    if (info.dynamicImporters.length) roots.add(current);
    for (const importer of info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return [...roots];
}

/**
 * The landing page's own code in one chunk, 'public': each module of the app, and each icon, that the
 * landing page uses and only the public pages do. The landing page's icons that other areas use too
 * go to 'frame', with the icons' runtime. Other modules are left alone.
 */
function landingChunk(id: string, context: ChunkingContext): 'public' | 'frame' | null {
  const roots = lazyRootsOf(id, context);
  if (!roots?.some((root) => LANDING.has(root))) return null;
  if (roots.every((root) => root.startsWith(PUBLIC_AREA))) return 'public';
  return id.startsWith(tablerIcons) ? 'frame' : null;
}

/**
 * What every area shows besides the entry's own components, down to the sign-in page: the logo and
 * language switch, the sign-in frame's layout pieces (Container, Group, Paper), links, and the
 * ActionIcon (the password field's eye, the public bar's icon links) with the hooks of the inputs.
 * One chunk for all, as each of these modules is a few hundred bytes: apart, they would be a dozen
 * requests on the first load.
 */
const SHARED_UI = new RegExp(
  [
    String.raw`[\\/]src[\\/]components[\\/]ui[\\/](logo|language-switch)\.tsx$`,
    String.raw`[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](ActionIcon|Anchor|Container|Group|Paper)[\\/]`,
    String.raw`[\\/]@mantine[\\/]hooks[\\/]esm[\\/](use-id|use-uncontrolled)[\\/]`,
  ].join('|'),
);

/**
 * The layout pieces of the public and panel frames that the sign-in page does not show (badges,
 * cards, grids, lists, the phone menu's burger, the placeholder page) and the icons' runtime: one
 * chunk of their own, so the sign-in page's first load does not carry them.
 */
const FRAME_UI = new RegExp(
  [
    String.raw`[\\/]src[\\/]components[\\/]ui[\\/]placeholder-page\.tsx$`,
    String.raw`[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Badge|Burger|Card|List|SimpleGrid|ThemeIcon|VisuallyHidden)[\\/]`,
    String.raw`[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-disclosure[\\/]`,
    String.raw`[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes)\.mjs$`,
  ].join('|'),
);

/** The inputs of the sign-in form, which the other forms use too. */
const FORM_UI = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](CloseButton|Input|InputBase|PasswordInput|TextInput)[\\/]/;

export default defineConfig({
  root,
  plugins: [react(), routePreloadScript(), tablerIconImports(), reactRouterProduction()],
  resolve: {
    alias: { '@qist/domain': domainEntry, '@': src },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each module's chunk imports; scripts/check-bundle-size.mjs
    // reads it to hold the first screens to their budget.
    manifest: true,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        'route-preload': routePreload,
        landing: landingScript,
      },
      // The domain package only declares constants, functions and zod schemas: a chunk that uses
      // none of a domain module's exports need not load it (keeps zod off the public pages).
      treeshake: { moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            // React and the router change rarely: their own long-cached chunk (every page needs them).
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            // The rest of what every page needs, in one file rather than a dozen small ones: the
            // server speaks HTTP/1.1, where each extra file of the first load costs a round trip.
            {
              name: 'app',
              tags: ['$initial'],
              test: (id) => id !== routePreload && id !== landingScript && !id.startsWith(landingStyles),
              priority: 2,
            },
            // Likewise the small pieces every area uses (see SHARED_UI), for the pages with a form (sign-in
            // first) and for the areas that fetch; and those only the public and panel frames use (see
            // FRAME_UI), with the icons the landing page shares with other areas.
            { name: 'ui', test: SHARED_UI, priority: 1.2 },
            {
              name: (id, context) => (FRAME_UI.test(id) || landingChunk(id, context) === 'frame' ? 'frame' : null),
              debugName: 'frame',
              priority: 1.2,
            },
            { name: 'forms', test: FORM_UI, priority: 1.2 },
            { name: 'query', test: /[\\/](@tanstack[\\/](react-query|query-core)[\\/]|src[\\/]lib[\\/]query-provider\.tsx$)/, priority: 1.2 },
            // The landing page's own code (see landingChunk): its dependencies are in the groups above or
            // are 'public' themselves.
            {
              name: (id, context) => (landingChunk(id, context) === 'public' ? 'public' : null),
              debugName: 'public',
              priority: 1.1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
