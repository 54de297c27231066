// What the translation lens's quick pick shows of its command's argument (src/lsp/translations.rs,
// `LensItem`), without VS Code (unit-tested in test/translationsmodel.test.ts).

export interface Place { uri: string; range: { start: { line: number; character: number }; end: { line: number; character: number } } }

/** One language of the lens: its state and what to open. */
export interface TranslationItem {
  language: string;
  state: 'missing' | 'fileMissing' | 'untranslated' | 'older' | 'upToDate' | 'translated';
  /** `fr (French): older by 12 days`. */
  label: string;
  /** The translation's file. */
  uri?: string | null;
  /** Its docs.json entry, or the language element that would list it. */
  entry?: Place | null;
}

export interface LensArgument { uri: string; title: string; languages: TranslationItem[] }

const ICONS: Record<TranslationItem['state'], string> = {
  upToDate: '$(check)',
  translated: '$(check)',
  older: '$(history)',
  untranslated: '$(copy)',
  fileMissing: '$(warning)',
  missing: '$(circle-slash)',
};

export interface PickRow { label: string; description: string; detail?: string; item: TranslationItem }

/** A quick pick row per language: `$(icon) fr (French)`, its state, and what selecting it opens. */
export function pickRows(arg: LensArgument | undefined): PickRow[] {
  return (arg?.languages ?? []).map((item) => {
    const colon = item.label.indexOf(': ');
    const [name, state] = colon >= 0 ? [item.label.slice(0, colon), item.label.slice(colon + 2)] : [item.label, item.state];
    const opens = item.uri ? 'opens the page' : item.entry ? (item.state === 'missing' ? 'opens the language in docs.json' : 'opens its docs.json entry') : undefined;
    return { label: `${ICONS[item.state] ?? ''} ${name}`.trim(), description: state, detail: opens, item };
  });
}
