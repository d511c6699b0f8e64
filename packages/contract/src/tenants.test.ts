import { describe, expect, it } from 'vitest';
import { WORKSPACE_MESSAGES, cleanWorkspaceName, workspaceFormError } from './tenants';

describe('workspace names as stored and compared', () => {
  it.each([
    ['fullwidth look-alikes', 'Ａｃｍｅ　Ｓｔｏｒｅ', 'Acme Store'],
    ['zero-width space, joiner and non-joiner', 'Ac\u200Bme\u200C St\u200Dore', 'Acme Store'],
    ['BOM, word joiner and soft hyphen', '\uFEFFAc\u2060me Sto\u00ADre', 'Acme Store'],
    [
      'bidi marks, embeddings and isolates',
      '\u200EAcme\u200F \u202AStore\u202C \u2066x\u2069',
      'Acme Store x',
    ],
    ['a right-to-left override, written as it reads', '\u202EerotS emcA', 'Acme Store'],
    ['an override closed early', 'Acme \u202EerotS\u202C 2', 'Acme Store 2'],
    ['ESC and other C0/C1 controls', 'Acme\u001b[31m \u0007Store\u0085', 'Acme[31m Store'],
    ['line breaks, tabs and runs of spaces', '  Acme\t\r\n  Store\u00A0 ', 'Acme Store'],
  ])('%s', (_, raw, stored) => {
    expect(cleanWorkspaceName(raw)).toBe(stored);
  });

  it('keeps letters of other scripts and emoji that are not invisible', () => {
    expect(cleanWorkspaceName('Café Zürich 東京 🛒')).toBe('Café Zürich 東京 🛒');
  });

  it('refuses a name that is empty once cleaned, and measures the cleaned name', () => {
    const form = (display_name: string) => workspaceFormError({ display_name, store_url: 'https://a.test' });
    expect(form('\u200B\u202E\u2066 \u001b')).toBe(WORKSPACE_MESSAGES.nameRequired);
    expect(form(`${'a'.repeat(40)}\u200B\u200B`)).toBeNull();
    expect(form('a'.repeat(41))).toBe(WORKSPACE_MESSAGES.nameTooLong);
  });
});
