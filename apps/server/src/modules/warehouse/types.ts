// The warehouse's value types, which every connector maps its driver's onto.

/** The warehouse's column types; each connector maps its driver's types onto these. */
export type ColumnType = 'integer' | 'decimal' | 'boolean' | 'date' | 'timestamp' | 'timestamptz' | 'text';

/** A cell as read from the source; decimals and 64-bit integers arrive as strings so nothing is rounded. */
export type CellValue = string | number | boolean | Date | null;
