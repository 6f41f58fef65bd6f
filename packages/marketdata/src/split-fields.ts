/**
 * A line's fields as strings, for detection and for the rare rows the row reader looks at twice:
 * a field in double quotes is kept whole (`"1,2345"`), surrounding spaces are trimmed.
 */
export function splitFields(line: string, separator: string): string[] {
  const fields: string[] = [];
  let pos = 0;
  for (;;) {
    let field: string;
    let next: number;
    if (line[pos] === '"') {
      const close = line.indexOf('"', pos + 1);
      field = close < 0 ? line.slice(pos + 1) : line.slice(pos + 1, close);
      next = line.indexOf(separator, close < 0 ? line.length : close);
    } else {
      next = line.indexOf(separator, pos);
      field = line.slice(pos, next < 0 ? line.length : next);
    }
    fields.push(field.trim());
    if (next < 0) return fields;
    pos = next + separator.length;
  }
}
