/**
 * A value to write to a jsonb column. The table types give such a column
 * its parsed type (what a select returns), while the drivers take JSON text
 * on the way in: the text is typed as the value it encodes, so the column's
 * type is still checked (where `JSON.stringify(x) as never` checked nothing).
 */
export function jsonColumn<T>(value: T): T {
  return JSON.stringify(value) as unknown as T;
}
