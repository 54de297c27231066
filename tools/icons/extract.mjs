// Regenerate src/schema/data/icons.json: the icon names of each icon library
// the platform supports, for completion of `icon` values (front matter,
// docs.json, page components).
//
//   npm install @fortawesome/fontawesome-free lucide-static @tabler/icons   (in a scratch folder)
//   node tools/icons/extract.mjs SCRATCH/node_modules
//
// Which libraries: the `icons.library` enum of src/schema/data/schema.json
// (the platform's schema); each needs a reader below, or the script fails.
// Font Awesome: the free package's metadata (metadata/icon-families.json):
// the platform uses Font Awesome Pro, whose names are a superset; only the
// free names can be installed here. Lucide: lucide-static's icon-nodes.json
// (canonical names, no aliases). Tabler: @tabler/icons' icons.json.
//
// Output, per library: the package and version read, the styles the data
// knows, and each icon name with a bitmask of its styles (bit i = styles[i]),
// one icon a line, sorted by name.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const nm = process.argv[2];
if (!nm) {
  console.error('usage: node tools/icons/extract.mjs NODE_MODULES');
  process.exit(2);
}
const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const json = (p) => JSON.parse(readFileSync(p, 'utf8'));
const pkg = (name) => json(join(nm, name, 'package.json'));

const READERS = {
  fontawesome: () => {
    const name = '@fortawesome/fontawesome-free';
    const families = json(join(nm, name, 'metadata', 'icon-families.json'));
    const icons = {};
    for (const [icon, meta] of Object.entries(families)) {
      // "classic/solid" -> "solid": the names the platform's `iconType` takes.
      const styles = (meta.familyStylesByLicense?.free ?? [])
        .filter((s) => s.family === 'classic')
        .map((s) => s.style);
      icons[icon] = styles;
    }
    return { name, icons, styles: ['solid', 'regular', 'brands'] };
  },
  lucide: () => {
    const name = 'lucide-static';
    const nodes = json(join(nm, name, 'icon-nodes.json'));
    const icons = Object.fromEntries(Object.keys(nodes).map((k) => [k, []]));
    return { name, icons, styles: [] };
  },
  tabler: () => {
    const name = '@tabler/icons';
    const all = json(join(nm, name, 'icons.json'));
    const icons = {};
    for (const [key, meta] of Object.entries(all)) {
      icons[meta.name ?? key] = Object.keys(meta.styles ?? {});
    }
    return { name, icons, styles: ['outline', 'filled'] };
  },
};

const schema = json(join(repo, 'src', 'schema', 'data', 'schema.json'));
const libraries = schema.docs.properties.icons.properties.library.enum;
const out = { libraries: {} };
for (const lib of libraries) {
  const read = READERS[lib];
  if (!read) {
    console.error(`icons.library "${lib}" has no reader in tools/icons/extract.mjs`);
    process.exit(1);
  }
  const { name, icons, styles } = read();
  const names = Object.keys(icons).sort();
  const entries = names.map((n) => {
    let mask = 0;
    for (const s of icons[n]) {
      const i = styles.indexOf(s);
      if (i < 0) {
        console.error(`${lib}: ${n} has unknown style ${s}`);
        process.exit(1);
      }
      mask |= 1 << i;
    }
    return [n, mask];
  });
  out.libraries[lib] = { package: name, version: pkg(name).version, styles, count: names.length, entries };
}

// Hand-written layout: one icon a line keeps diffs between versions small.
let text = '{\n "libraries": {\n';
const libs = Object.entries(out.libraries);
libs.forEach(([lib, l], li) => {
  text += `  ${JSON.stringify(lib)}: {\n`;
  text += `   "package": ${JSON.stringify(l.package)},\n`;
  text += `   "version": ${JSON.stringify(l.version)},\n`;
  text += `   "styles": ${JSON.stringify(l.styles)},\n`;
  text += '   "icons": {\n';
  text += l.entries.map(([n, m]) => `${JSON.stringify(n)}:${m}`).join(',\n');
  text += `\n   }\n  }${li + 1 < libs.length ? ',' : ''}\n`;
});
text += ' }\n}\n';
const path = join(repo, 'src', 'schema', 'data', 'icons.json');
writeFileSync(path, text);
console.log(
  'wrote',
  path,
  text.length,
  'bytes:',
  libs.map(([lib, l]) => `${lib} ${l.count} (${l.package}@${l.version})`).join(', '),
);
