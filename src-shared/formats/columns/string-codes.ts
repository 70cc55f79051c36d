/**
 * Small numbers for the few distinct strings of a column (tool names, actors, models): a column of
 * codes in a typed array costs 4 bytes a row, where a column of string references costs 8.
 */
export class StringCodes {
  /** Code 0 is null. */
  private readonly strings: (string | null)[] = [null];
  private readonly codes = new Map<string, number>();

  codeOf(value: string | null): number {
    if (value === null) return 0;
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.strings.length;
      this.strings.push(value);
      this.codes.set(value, code);
    }
    return code;
  }

  stringOf(code: number): string | null {
    return this.strings[code] ?? null;
  }
}
