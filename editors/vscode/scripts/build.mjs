// Bundles the extension (dist/extension.js) or, with --tests, the unit tests (dist-test/*.test.js).
// Everything runs offline from node_modules.
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const common = { bundle: true, platform: 'node', target: 'node18', format: 'cjs', sourcemap: true, logLevel: 'warning' };

if (args.has('--tests')) {
  rmSync(join(root, 'dist-test'), { recursive: true, force: true });
  const entryPoints = readdirSync(join(root, 'test')).filter((f) => f.endsWith('.test.ts')).map((f) => join(root, 'test', f));
  // The tests cover modules that do not import `vscode`; marking it external makes an accidental import fail loudly.
  await esbuild.build({ ...common, entryPoints, outdir: join(root, 'dist-test'), external: ['vscode'] });
} else {
  const options = {
    ...common,
    entryPoints: [join(root, 'src', 'extension.ts')],
    outfile: join(root, 'dist', 'extension.js'),
    external: ['vscode'],
    minify: !args.has('--watch'),
  };
  if (args.has('--watch')) {
    const c = await esbuild.context(options);
    await c.watch();
  } else {
    await esbuild.build(options);
  }
}
