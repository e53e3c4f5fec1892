// `npm run test:fuzz`: every property test (each file that uses fast-check) with fresh seeds and ten
// times the cases. Not part of `npm test`, which runs the same properties with one fixed seed so its
// verdict never changes between runs of the same commit. A failure prints the seed; replay it with
// FLOATDESK_PROPERTY_SEED=<seed> npx vitest run <file>.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = ['unit', 'integration']
  .flatMap((layer) => testFiles(join(root, 'test', layer)))
  .filter((file) => readFileSync(file, 'utf8').includes("from 'fast-check'"))
  .map((file) => relative(root, file));

if (files.some((file) => file.startsWith('test/integration'))) {
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
console.log(`Fuzzing ${files.length} property test files with fresh seeds.`);
const result = spawnSync('npx', ['vitest', 'run', ...files], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FLOATDESK_FUZZ: '1' },
});
process.exit(result.status ?? 1);
