// The block outline the platform's parser (getAST of @mintlify/common) gives each example of a
// CommonMark-format spec text, one line per example: `NUMBER<TAB>OUTLINE`, the outline in the
// words of tests/commonmark_blocks.rs (`quote[ … ]`, `item[ … ]`, `p`, `h1`…`h6`, `code`,
// `table`, `hr`; lists and JSX elements are transparent, front matter, definitions and ESM
// make nothing), or `error` when the parser throws.
//
//   node outline.mjs SPEC.txt FIRST_NUMBER > OUTLINES.tsv
//
// Examples are found as the `commonmark-spec` package finds them; `→` stands for a tab.
import { getAST } from '@mintlify/common';
import { readFileSync } from 'node:fs';

const [file, first = '1'] = process.argv.slice(2);
const text = readFileSync(file, 'utf8').replace(/\r\n?/g, '\n');
const examples = [];
let number = Number(first) - 1;
text.replace(/^`{32} example[^\n]*\n([\s\S]*?)^\.\n([\s\S]*?)^`{32}$|^#{1,6} *(.*)$/gm, (_, md, _html, section) => {
  if (!section) {
    number++;
    examples.push({ number, markdown: md.replace(/→/g, '\t') });
  }
});

function outline(node, words) {
  switch (node.type) {
    case 'blockquote':
    case 'listItem':
      words.push(node.type === 'blockquote' ? 'quote[' : 'item[');
      node.children.forEach((c) => outline(c, words));
      words.push(']');
      return;
    case 'root':
    case 'list':
    case 'mdxJsxFlowElement':
      node.children.forEach((c) => outline(c, words));
      return;
    case 'paragraph':
      words.push('p');
      return;
    case 'heading':
      words.push(`h${node.depth}`);
      return;
    case 'code':
    case 'math':
      words.push('code');
      return;
    case 'table':
      words.push('table');
      return;
    case 'thematicBreak':
      words.push('hr');
      return;
    case 'yaml':
    case 'toml':
    case 'definition':
    case 'mdxjsEsm':
    case 'mdxFlowExpression':
      return;
    default:
      words.push(node.type);
  }
}

for (const e of examples) {
  let line;
  try {
    const words = [];
    outline(getAST(e.markdown, 'example.mdx'), words);
    line = words.join(' ');
  } catch {
    line = 'error';
  }
  console.log(`${e.number}\t${line}`);
}
