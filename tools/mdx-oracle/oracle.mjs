// The platform's verdict on MDX pages: runs `getAST` of @mintlify/common (the parser
// the platform builds pages with) and prints, per page, `ok` or `error LINE:COLUMN MESSAGE`.
//
//   node oracle.mjs --write FILE.mdx...   writes FILE.expected next to each fixture
//   node oracle.mjs --jsonl FILE...       one JSON line per file: {file, ok, line, column, message}
//   node oracle.mjs --jsonl --list LIST   the files named in LIST, one per line
//
// Lines and columns are 1-based and point into the file as written: getAST first rewrites
// `## Title {#id}` lines into three lines (`<h2 id="id">`, the title, `</h2>`), and the
// positions it reports are mapped back here.
import { getAST } from '@mintlify/common';
import { readFileSync, writeFileSync } from 'node:fs';

const HEADING_ID_RE = /^( {0,3})(#{1,6})\s+(.+?)\s*\{\s*#([^}]+?)\s*\}\s*$/;

// For each line of the preprocessed text, the line of the original (1-based), following
// preprocessCustomHeadingIds' scan (fences, {/* */} comments) closely enough for mapping.
function lineMap(src) {
  const map = [];
  let fence;
  let n = 0;
  for (const line of src.split('\n')) {
    n++;
    const s = line.trimStart();
    if (fence) {
      let i = 0;
      while (i < s.length && s[i] === fence.c) i++;
      if (i >= fence.n && s.slice(i).trim() === '') fence = undefined;
      map.push(n);
      continue;
    }
    if (s[0] === '`' || s[0] === '~') {
      let i = 0;
      while (i < s.length && s[i] === s[0]) i++;
      if (i >= 3) {
        fence = { c: s[0], n: i };
        map.push(n);
        continue;
      }
    }
    if (HEADING_ID_RE.test(line)) map.push(n, n, n);
    else map.push(n);
  }
  return map;
}

function verdict(file) {
  const src = readFileSync(file, 'utf8');
  try {
    getAST(src, file);
    return { file, ok: true };
  } catch (e) {
    const map = lineMap(src);
    const place = e.place && e.place.start ? e.place.start : e.place;
    let line = (place && place.line) ?? e.line ?? null;
    let column = (place && place.column) ?? e.column ?? null;
    if (line == null) {
      // Tags never closed at the end of the document carry no place: the
      // message names the opening tag's position.
      const m = /\((\d+):(\d+)-/.exec(String(e.reason ?? e.message));
      if (m) {
        line = Number(m[1]);
        column = Number(m[2]);
      }
    }
    if (line != null) line = map[line - 1] ?? line;
    const message = String(e.reason ?? e.message ?? e).split('\n')[0];
    return { file, ok: false, line, column, message, rule: e.ruleId ?? null, source: e.source ?? null };
  }
}

const args = process.argv.slice(2);
const write = args.includes('--write');
const jsonl = args.includes('--jsonl');
let files = args.filter((a) => !a.startsWith('--'));
const li = args.indexOf('--list');
if (li >= 0) {
  files = readFileSync(args[li + 1], 'utf8').split('\n').filter(Boolean);
}
for (const f of files) {
  const v = verdict(f);
  if (jsonl) {
    process.stdout.write(JSON.stringify(v) + '\n');
  } else {
    const text = v.ok ? 'ok\n' : `error ${v.line}:${v.column} ${v.message}\n`;
    if (write) writeFileSync(f.replace(/\.mdx?$/, '.expected'), text);
    else process.stdout.write(`${f}: ${text}`);
  }
}
