// Build-time helpers of vite.config.ts that keep the first screens' downloads small.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';

const shims = fileURLToPath(new URL('./src/lib/mantine-shims/', import.meta.url));

/**
 * Two Mantine components the shell draws import a whole library for one small piece: ScrollArea
 * takes `useMergeRefs` from @floating-ui/react (all of floating-ui, ~15 kB gzipped), the AppShell
 * header takes two class names from react-remove-scroll (~4 kB). Those two imports go to equivalent
 * local copies (src/lib/mantine-shims); menus, popovers and modals still import the real libraries.
 */
export const slimMantineImports = (): Plugin => ({
  name: 'ms:slim-mantine-imports',
  enforce: 'pre',
  resolveId(source, importer) {
    if (!importer) return null;
    const from = importer.replaceAll('\\', '/');
    if (
      source === '@floating-ui/react' &&
      from.endsWith('/@mantine/core/esm/components/ScrollArea/ScrollArea.mjs')
    )
      return join(shims, 'merge-refs.ts');
    if (source === 'react-remove-scroll' && from.includes('/@mantine/core/esm/components/AppShell/'))
      return join(shims, 'remove-scroll-class-names.ts');
    return null;
  },
});

const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;

/**
 * src/mantine-styles.ts imports the CSS of the Mantine components the app uses, not all of it.
 * This fails the build when the bundled code uses a Mantine class whose stylesheet is not
 * imported (a component added without its CSS), and names the files to add.
 */
export const mantineCssCheck = (): Plugin => ({
  name: 'ms:mantine-css-check',
  apply: 'build',
  enforce: 'post',
  generateBundle(_options, bundle) {
    const files = Object.values(bundle);
    const css = files
      .filter((f) => f.type === 'asset' && f.fileName.endsWith('.css'))
      .map((f) => (f.type === 'asset' ? String(f.source) : ''))
      .join('\n');
    const js = files.map((f) => (f.type === 'chunk' ? f.code : '')).join('\n');
    if (!css) return;
    const styles = join(
      dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')),
      'styles',
    );
    const definedIn = new Map<string, string>();
    for (const file of readdirSync(styles)) {
      if (!file.endsWith('.css') || file.endsWith('.layer.css')) continue;
      for (const cls of readFileSync(join(styles, file), 'utf8').match(MANTINE_CLASS) ?? [])
        definedIn.set(cls, file);
    }
    const missing = new Set<string>();
    for (const cls of new Set(js.match(MANTINE_CLASS) ?? [])) {
      const file = definedIn.get(cls);
      if (file && !css.includes(cls)) missing.add(file);
    }
    if (missing.size > 0)
      this.error(
        `Mantine styles missing: add ${[...missing].map((f) => `'@mantine/core/styles/${f}'`).join(', ')} ` +
          'to src/mantine-styles.ts, in the order of @mantine/core/styles.css.',
      );
  },
});

/**
 * A first screen: its name (the chunk's) and the module that draws it: a lazy route module (its own
 * chunk), or a module two first screens share (the shell: a chunk the bundler shares between them).
 */
export type FirstScreen = { name: string; entry: string };
/** Module id → the first screen whose chunk holds it. */
export type ChunkPlan = Record<string, string>;

const isChunk = (f: Rolldown.OutputBundle[string]): f is Rolldown.OutputChunk => f.type === 'chunk';

/** The chunk of the helpers the entry shares with the screens (see recordChunkPlan). */
const STARTUP = 'startup';

/**
 * The first screens' shared modules in one file per screen instead of one file per module.
 *
 * Left to itself the bundler gives every module two lazy pages share a chunk of its own (each
 * Mantine component, each icon, each small helper): the dashboard fetched 82 files before it could
 * draw, which on a phone over HTTP/1.1 (six connections at a time) is a dozen round trips in a row.
 *
 * The build runs twice (package.json `build`). The first pass (`recordChunkPlan`, nothing written
 * but the plan) reads the bundler's own chunk graph: first the shared chunks the entry imports (the
 * helpers every start needs: API client, session), then for each screen in order, every module of
 * the shared chunks its route module imports, not yet claimed. The second pass puts those modules in
 * one chunk for the entry (`startup`) and one per screen (`chunkPlanGroups`). Only modules the screen
 * already downloaded move, so it downloads the same code in a few files; a later page that shares a
 * module with a first screen takes that screen's chunk, which is in the cache by then.
 */
export const recordChunkPlan = (screens: FirstScreen[], planFile: string): Plugin => ({
  name: 'ms:record-chunk-plan',
  apply: 'build',
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter(isChunk);
    const byFile = new Map(chunks.map((c) => [c.fileName, c]));
    const entries = new Set(screens.map((s) => s.entry));
    const plan: ChunkPlan = {};
    const claim = (name: string, files: string[]) => {
      const queue = [...files];
      const seen = new Set(queue);
      while (queue.length > 0) {
        const chunk = byFile.get(queue.pop()!);
        // The entry and vendor stay as they are, and so does another screen's own route module.
        if (!chunk || chunk.isEntry || chunk.name === 'vendor') continue;
        if (chunk.facadeModuleId && entries.has(chunk.facadeModuleId)) continue;
        for (const id of chunk.moduleIds) plan[id] ??= name;
        for (const next of chunk.imports) {
          if (seen.has(next)) continue;
          seen.add(next);
          queue.push(next);
        }
      }
    };
    // Were they a screen's, every start would download that screen's chunk with the entry.
    claim(
      STARTUP,
      chunks.filter((c) => c.isEntry).flatMap((c) => c.imports),
    );
    for (const screen of screens) {
      const own = chunks.find((c) => c.facadeModuleId === screen.entry);
      const start = own ?? chunks.find((c) => !c.isEntry && c.moduleIds.includes(screen.entry));
      if (!start)
        this.error(`first screen ${screen.name}: ${screen.entry} is not in a lazy chunk of the build`);
      // A route module's own chunk stays as it is; a shared chunk is the screen's, with what it imports.
      claim(screen.name, own ? start.imports : [start.fileName]);
    }
    mkdirSync(dirname(planFile), { recursive: true });
    writeFileSync(planFile, JSON.stringify(plan));
  },
});

/** The second pass's `codeSplitting.groups`: the entry's shared helpers, then one chunk per first screen. */
export const chunkPlanGroups = (screens: FirstScreen[], planFile: string) => {
  if (!existsSync(planFile))
    throw new Error(`${planFile} is missing: build with \`npm run build\` (its first pass records it).`);
  const plan = JSON.parse(readFileSync(planFile, 'utf8')) as ChunkPlan;
  return [STARTUP, ...screens.map((screen) => screen.name)].map((name) => ({
    name,
    test: (id: string) => plan[id] === name,
    // A planned module's own imports stay where the bundler put them (the entry's in the entry, zod
    // with the schemas): following them would pull into a first screen what it never downloaded.
    includeDependenciesRecursively: false,
  }));
};

/** The static-import closure of `start` (chunk file names), stopping at the entry chunk. */
const closure = (byFile: Map<string, Rolldown.OutputChunk>, start: string): Set<string> => {
  const files = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const chunk = byFile.get(queue.pop()!);
    if (!chunk || chunk.isEntry || files.has(chunk.fileName)) continue;
    files.add(chunk.fileName);
    queue.push(...chunk.imports);
  }
  return files;
};

/** The lazy modules a start draws with (index.html preloads their files), by full module path. */
export type StartModules = { router: string; routedShell: string; dashboard: string };

/**
 * Every load but a new visitor's /login fetches its first screen's files from index.html, beside the
 * entry, instead of after the entry has run: on a phone over slow 4G the dashboard's greeting (its
 * largest paint) came 0.4-0.5 s after the first paint, and now comes with it (decision 0002, "Session
 * 14"). A signed-in start on the dashboard fetches the dashboard's start (shell and dashboard, no
 * router: app/app-root.tsx); any other start the router's files, and with a session the shell's. A
 * small inline script decides, because only the page knows whether someone is signed in (the session
 * is in localStorage, key `ms.session`, src/lib/session-store.ts; without one, a saved user of the
 * switcher, `ms.savedUsers`, is restored as app-root.tsx's firstScreen does): the login page of a new
 * visitor downloads nothing more. The server allows this one script by its hash (apps/server/src/app.ts).
 */
export const preloadFirstScreens = (starts: StartModules): Plugin => ({
  name: 'ms:preload-first-screens',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, ctx) {
      if (!ctx.bundle) return [];
      const chunks = Object.values(ctx.bundle).filter(isChunk);
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // The entry's own files are in the page already.
      const entry = chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]);
      const inPage = new Set(entry.flatMap((f) => [f, ...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]));
      const filesOf = (module: string) => {
        const start = chunks.find((c) => c.facadeModuleId === module);
        if (!start) throw new Error(`first screen: ${module} is not a lazy chunk of the build`);
        const js = [...closure(byFile, start.fileName)].filter((f) => !inPage.has(f));
        const css = js.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        return [...new Set([...css.filter((f) => !inPage.has(f)), ...js])].map((f) => `/${f}`);
      };
      const routerFiles = filesOf(starts.router);
      const shellFiles = filesOf(starts.routedShell).filter((f) => !routerFiles.includes(f));
      const dashboardFiles = filesOf(starts.dashboard);
      const script = `(function(){try{var s=localStorage.getItem('ms.session'),p=location.pathname;if(!s&&p==='/login')return;var u=s;if(!u)try{u=Object.keys(JSON.parse(localStorage.getItem('ms.savedUsers')||'{}')||{}).length}catch(e){}var f=u&&(p==='/'||p==='/dashboard')?${JSON.stringify(dashboardFiles)}:${JSON.stringify(routerFiles)}.concat(u?${JSON.stringify(shellFiles)}:[]);f.forEach(function(h){var l=document.createElement('link');l.rel=/\\.css$/.test(h)?'stylesheet':'modulepreload';l.crossOrigin='';l.href=h;l.setAttribute('data-first-screen','');document.head.appendChild(l)})}catch(e){}})()`;
      return [{ tag: 'script', children: script, injectTo: 'head' as const }];
    },
  },
});
