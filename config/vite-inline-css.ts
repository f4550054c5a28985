import type { Plugin } from 'vite';

/**
 * Writes the entry's stylesheet into the built index.html as a `<style>`, so the first screen
 * waits for no stylesheet request of its own (Lighthouse's "render-blocking requests"). The HTML
 * is sent compressed (the server's staticApps), so this costs the page's CSS once per load, a few
 * KB, instead of a round trip. Stylesheets of lazily loaded parts stay files, loaded with them.
 *
 * The entry's CSS is taken out of the bundle before Vite writes the page's `<link>` and the lazy
 * parts' preload lists: a part that shares the entry's modules would otherwise fetch that
 * stylesheet again, its `<link>` being gone.
 *
 * @example
 * export default defineConfig({ plugins: [react(), inlineEntryCss()] });
 */
export function inlineEntryCss(): Plugin {
  let styles: string[] = [];
  return {
    name: 'parley:inline-entry-css',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        styles = [];
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry || !chunk.viteMetadata) continue;
          for (const file of [...chunk.viteMetadata.importedCss]) {
            const asset = bundle[file];
            if (asset?.type !== 'asset') continue;
            // Without the marker Vite leaves in CSS for its own hashing (it strips it from files later).
            const css = String(asset.source)
              .replace(/\/\*\$vite\$:\d+\*\//g, '')
              .trim();
            // A stylesheet that could end the element early stays a file.
            if (/<\/style/i.test(css)) continue;
            styles.push(css);
            chunk.viteMetadata.importedCss.delete(file);
            delete bundle[file];
          }
        }
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (styles.length === 0) return html;
        return html.replace('</head>', `  <style>${styles.join('\n')}</style>\n  </head>`);
      },
    },
  };
}
