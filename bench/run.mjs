// `npm run bench [-- <id> ...]`: build each benchmark (bench/<id>/index.ts) with Vite, run it in
// its own Node process, and check the JSON line it ends with. Benchmarks are not part of npm test.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

const benchDir = import.meta.dirname;
const root = join(benchDir, '..');
const available = readdirSync(benchDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(benchDir, entry.name, 'index.ts')))
  .map((entry) => entry.name)
  .sort();

const requested = process.argv.slice(2);
const unknown = requested.filter((id) => !available.includes(id));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}

let failures = 0;
for (const id of requested.length > 0 ? requested : available) {
  const outDir = join(root, 'out', 'bench', id);
  await build({
    configFile: false,
    logLevel: 'warn',
    root,
    build: {
      ssr: join(benchDir, id, 'index.ts'),
      outDir,
      emptyOutDir: true,
      target: 'node20',
      rollupOptions: { output: { format: 'es', entryFileNames: 'index.js' }, external: ['better-sqlite3', 'pg'] },
    },
    ssr: { noExternal: true, external: ['better-sqlite3', 'pg'] },
  });
  console.log(`\n=== bench ${id}`);
  const result = spawnSync(process.execPath, ['--expose-gc', join(outDir, 'index.js')], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.stdout.write(result.stdout);
  const last = result.stdout.trim().split('\n').at(-1) ?? '';
  let verdict;
  try {
    verdict = JSON.parse(last);
  } catch {
    verdict = undefined;
  }
  if (result.status !== 0 || verdict?.bench !== id || verdict.pass !== true) failures++;
}
process.exit(failures === 0 ? 0 : 1);
