import { chmodSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

// The CLI is built on its own: electron-vite only emits under out/main.
// Each rebuild drops the exec bit, and `npx floatdesk` then fails with "Permission denied".
function keepExecutable(): Plugin {
  return {
    name: 'floatdesk-cli-executable',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (fileName === 'floatdesk.js') chmodSync(resolve(options.dir ?? 'out/cli', fileName), 0o755);
      }
    },
  };
}

export default defineConfig({
  resolve: { alias: { '@shared': resolve(import.meta.dirname, 'src/shared') } },
  plugins: [keepExecutable()],
  build: {
    ssr: true,
    outDir: 'out/cli',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: {
      input: {
        floatdesk: resolve(import.meta.dirname, 'src/cli/floatdesk.ts'),
        'core-worker': resolve(import.meta.dirname, 'src/main/core/worker.ts'),
        'export-worker': resolve(import.meta.dirname, 'src/main/core/export/parallel/render-worker.ts'),
        'statement-worker': resolve(import.meta.dirname, 'src/main/core/recon/import/statement-worker.ts'),
        'integrity-worker': resolve(import.meta.dirname, 'src/main/core/ledger/integrity-worker.ts'),
      },
      output: { format: 'es', entryFileNames: '[name].js' },
      external: ['better-sqlite3'],
    },
  },
  ssr: { noExternal: true, external: ['better-sqlite3'] },
});
