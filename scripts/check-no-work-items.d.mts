export declare const ROOTS: string[];
export declare const PATTERNS: RegExp[];
/** The first reference to a numbered work item in `text`, or null. */
export declare function workItemIn(text: string): string | null;
/** The references in a file's lines, each at the line it starts on (a wrapped one too). */
export declare function workItemLines(lines: readonly string[]): { line: number; found: string; text: string }[];
/** Every reference under the roots; line 0 for a file's name. */
export declare function findWorkItems(
  base?: string,
  roots?: readonly string[],
): { file: string; line: number; found: string; text: string }[];
