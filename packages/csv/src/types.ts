/** Field separators a file may use; sniffing picks one. */
export type CsvDelimiter = ',' | ';' | '\t' | '|';

/**
 * How the bytes of a file are read. `latin1` is decoded as Windows-1252, as the WHATWG Encoding standard
 * (and so every browser's TextDecoder) does for that label: Excel's "CSV" export on Windows writes it.
 */
export type CsvEncoding = 'utf-8' | 'latin1';

export interface CsvDialect {
  encoding: CsvEncoding;
  /** The file starts with a UTF-8 byte order mark (the tokenizer skips it either way). */
  bom: boolean;
  delimiter: CsvDelimiter;
  quote: '"' | "'";
  lineEnding: '\n' | '\r\n' | '\r';
}

/** The warehouse's column types, the same names as the server's ColumnType. */
export type CsvColumnType = 'integer' | 'decimal' | 'boolean' | 'date' | 'timestamp' | 'timestamptz' | 'text';

/** A record that could not be imported, with its 1-based line in the file (the header is line 1). */
export interface RowError {
  line: number;
  /** A sentence for the merchant, starting with the line: `Line 88: "abc" in column "Total" is not a number`. */
  reason: string;
}
