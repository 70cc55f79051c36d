/** Argument validators for the allowlist: the renderer is untrusted, every argument is checked. */

/** Returns the checked argument tuple, or a message saying what is wrong. */
export type ArgsValidator<A> = (args: unknown) => A | string;

const MAX_STRING = 4096;

export const none = (args: unknown): [] | string =>
  Array.isArray(args) && args.length === 0 ? [] : 'expects no arguments';

export function strings(n: number) {
  return (args: unknown): string[] | string => {
    if (!Array.isArray(args) || args.length !== n) return `expects ${n} string argument(s)`;
    for (const a of args)
      if (typeof a !== 'string' || a.length === 0 || a.length > MAX_STRING)
        return 'expects non-empty strings';
    return args as string[];
  };
}

export const isOffset = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
