/**
 * Tables of the few distinct strings of a column (kinds, tool names, actors, models): a column
 * of small numbers costs 4 bytes a row or less, where a column of string references costs 8.
 */

/** Interns strings into a table as they are met: each string's number is its place in `values`. */
export class StringTable {
  readonly values: string[] = [];
  private readonly index = new Map<string, number>();

  of(value: string): number {
    let i = this.index.get(value);
    if (i === undefined) {
      i = this.values.length;
      this.values.push(value);
      this.index.set(value, i);
    }
    return i;
  }
}

/** The same with null as code 0 (a string's code is its place in the table plus one). */
export class StringCodes {
  private readonly table = new StringTable();

  codeOf(value: string | null): number {
    return value === null ? 0 : this.table.of(value) + 1;
  }

  stringOf(code: number): string | null {
    return code === 0 ? null : (this.table.values[code - 1] ?? null);
  }
}
