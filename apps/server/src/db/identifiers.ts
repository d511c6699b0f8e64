/**
 * The one PostgreSQL identifier quoter: `"a""b"`, the double quote being the only character a quoted
 * identifier escapes. Our own warehouse names go through `quoteIdent` (modules/connections), which also
 * refuses any name outside SAFE_IDENTIFIER; a customer's database names (connectors) are quoted as they are.
 * MySQL quotes with backticks (connectors/mysql.ts).
 */
export function quotePgIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
