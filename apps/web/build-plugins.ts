// Build-time helpers of vite.config.ts that keep the first screens' downloads small.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

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
