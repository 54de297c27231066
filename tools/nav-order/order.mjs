// Which child list the platform keeps when a navigation element holds several:
// for each element kind, every child list allowed alone is offered at once, the
// one the platform's validator keeps is noted and removed, and so on.
// Run: npm install && node order.mjs (see docs/diagnostics.md, src/model/nav.rs keep_order).
import { validateDocsConfig } from '@mintlify/validation';
const kids = {
  pages: ['p'],
  groups: [{group: 'G', pages: ['g']}],
  tabs: [{tab: 'T', pages: ['t']}],
  anchors: [{anchor: 'A', pages: ['a']}],
  dropdowns: [{dropdown: 'D', pages: ['d']}],
  products: [{product: 'P', pages: ['pp']}],
  versions: [{version: 'V', pages: ['v']}],
  languages: [{language: 'en', pages: ['l']}],
  menu: [{item: 'M', pages: ['m']}],
};
const base = {theme: 'mint', name: 'x', colors: {primary: '#0D9373'}};
function kept(wrap, keys) {
  const el = {};
  for (const k of keys) el[k] = kids[k];
  const cfg = {...base, navigation: wrap(el)};
  const r = validateDocsConfig(cfg);
  if (!r.success) return 'INVALID: ' + JSON.stringify(r.error?.issues?.[0]?.message ?? r.error).slice(0, 120);
  const nav = r.data.navigation;
  const out = unwrap(nav);
  return Object.keys(out).filter(k => k in kids).join(',');
}
let unwrap;
const kinds = {
  root: [el => el, n => n],
  tab: [el => ({tabs: [{tab: 'X', ...el}]}), n => n.tabs[0]],
  anchor: [el => ({anchors: [{anchor: 'X', ...el}]}), n => n.anchors[0]],
  dropdown: [el => ({dropdowns: [{dropdown: 'X', ...el}]}), n => n.dropdowns[0]],
  product: [el => ({products: [{product: 'X', ...el}]}), n => n.products[0]],
  version: [el => ({versions: [{version: 'X', ...el}]}), n => n.versions[0]],
  language: [el => ({languages: [{language: 'fr', ...el}]}), n => n.languages[0]],
  item: [el => ({tabs: [{tab: 'X', menu: [{item: 'I', ...el}]}]}), n => n.tabs[0].menu[0]],
  group: [el => ({groups: [{group: 'X', ...el}]}), n => n.groups[0]],
};
for (const [kind, [wrap, uw]] of Object.entries(kinds)) {
  unwrap = uw;
  // Peel: find what is kept from all, remove it, repeat: the priority order.
  let keys = Object.keys(kids);
  const order = [];
  const singles = keys.filter(k => !kept(wrap, [k]).startsWith('INVALID') && kept(wrap, [k]) === k);
  let rest = [...singles];
  while (rest.length) {
    const k = kept(wrap, rest);
    if (!k || k.includes(',') || k.startsWith('INVALID')) { order.push('?' + k); break; }
    order.push(k);
    rest = rest.filter(x => x !== k);
  }
  console.log(kind.padEnd(9), 'allowed alone:', singles.join(','), '| keeps, in order:', order.join(' > '));
}
