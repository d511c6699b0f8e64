/**
 * PostgreSQL keywords that cannot name a column without quotes: the reserved ones and those reserved
 * for types and functions (pg_get_keywords() categories R and T, PostgreSQL 15–18). Others such as
 * `date`, `time`, `year`, `name` and `value` are fine as bare identifiers.
 */
export const RESERVED_WORDS: ReadonlySet<string> = new Set(
  (
    'all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate ' +
    'collation column concurrently constraint create cross current_catalog current_date current_role ' +
    'current_schema current_time current_timestamp current_user default deferrable desc distinct do else end ' +
    'except false fetch for foreign freeze from full grant group having ilike in initially inner intersect ' +
    'into is isnull join lateral leading left like limit localtime localtimestamp natural not notnull null ' +
    'offset on only or order outer overlaps placing primary references returning right select session_user ' +
    'similar some symmetric system_user table tablesample then to trailing true union unique user using ' +
    'variadic verbose when where window with'
  ).split(' '),
);

/** PostgreSQL truncates identifiers to 63 bytes; field names stay within that so they are used as written. */
export const MAX_IDENTIFIER_BYTES = 63;

/** Letters that Unicode does not decompose into a base letter plus accents. */
const TRANSLITERATIONS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  ø: 'o',
  Ø: 'O',
  œ: 'oe',
  Œ: 'OE',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  þ: 'th',
  Þ: 'TH',
  ð: 'd',
  '#': ' number ',
  '%': ' percent ',
  '&': ' and ',
};

export interface ColumnName {
  /** Safe bare PostgreSQL identifier: lower snake_case ASCII, unique, not reserved, at most 63 bytes. */
  field_name: string;
  /** The header as the merchant wrote it, trimmed; `Column 3` when empty. */
  display_name: string;
}

function toSnakeCase(name: string): string {
  let text = '';
  for (const ch of name) text += TRANSLITERATIONS[ch] ?? ch;
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      // createdAt → created_At, HTTPStatus → HTTP_Status
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
  );
}

/**
 * Turns header cells into columns. Field names: accents transliterated (é→e), `#`/`%`/`&` spelled out,
 * camelCase split, everything else non-alphanumeric folded to `_`; `c_` before a leading digit, `_col`
 * after a reserved word, `column_N` when nothing is left, `_2`, `_3` for repeats (also of `taken` names).
 */
export function normaliseHeader(
  names: readonly string[],
  options: { taken?: Iterable<string> } = {},
): ColumnName[] {
  const used = new Set<string>(options.taken ?? []);
  return names.map((raw, index) => {
    const display = raw.trim();
    let base = toSnakeCase(display) || `column_${index + 1}`;
    if (/^[0-9]/.test(base)) base = `c_${base}`;
    base = base.slice(0, MAX_IDENTIFIER_BYTES).replace(/_+$/, '');
    if (RESERVED_WORDS.has(base)) base = `${base}_col`;
    let field = base;
    for (let n = 2; used.has(field); n++) {
      const suffix = `_${n}`;
      field = base.slice(0, MAX_IDENTIFIER_BYTES - suffix.length).replace(/_+$/, '') + suffix;
    }
    used.add(field);
    return { field_name: field, display_name: display || `Column ${index + 1}` };
  });
}
