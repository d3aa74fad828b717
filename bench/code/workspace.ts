/**
 * The workspace of npm run bench:code: a copy of the sample control repository
 * (test/fixtures/control-repo, whose manifests the fleet's catalogs name) with
 * `modules/gen_NNN/manifests/*.pp` added until it holds BENCH_CODE_FILES `.pp` files (5,000), and
 * `manifests/fifty.pp`, a manifest of 50 classes: every class of the control repository, then
 * generated ones.
 *
 *   node --import tsx bench/code/workspace.ts OUT_DIR
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findDefinitions } from '../../src/extension/code/puppetDefinitions';
import { CONTROL_REPO } from '../../test/fixtures/fleet/controlRepo';

const out = process.argv[2];
if (!out) throw new Error('usage: workspace.ts OUT_DIR');
const total = Number(process.env.BENCH_CODE_FILES ?? '5000');
const FILES_PER_MODULE = 50;

cpSync(CONTROL_REPO, out, { recursive: true });
const manifests = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((path) =>
  path.endsWith('.pp'),
);
const classes = manifests.flatMap((path) =>
  findDefinitions(readFileSync(join(out, path), 'utf8')).flatMap((definition) =>
    definition.kind === 'class' ? [definition.name] : [],
  ),
);
for (let i = 0; classes.length < 50; i++) classes.push(`bench::fifty_${i}`);
writeFileSync(
  join(out, 'manifests/fifty.pp'),
  classes
    .slice(0, 50)
    .map((name) => `class ${name} {\n  notify { '${name}': }\n}\n`)
    .join(''),
);

let files = manifests.length + 1;
for (let module = 0; files < total; module++) {
  const folder = join(out, 'modules', `gen_${String(module).padStart(3, '0')}`, 'manifests');
  mkdirSync(folder, { recursive: true });
  for (let file = 0; file < FILES_PER_MODULE && files < total; file++, files++) {
    const name = `gen_${String(module).padStart(3, '0')}::c${file}`;
    writeFileSync(join(folder, `c${file}.pp`), `class ${name} {\n  notify { '${name}': }\n}\n`);
  }
}
console.log(`workspace: ${files} .pp files in ${out}`);
