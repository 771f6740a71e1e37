export declare const NODE24_VERSION: string;
/** The Node 24 binary, installed through npm into .tools/node24/ on first use. */
export declare function ensureNode24(): string;
/** The same install in the background; resolves with the binary. */
export declare function installNode24InBackground(): Promise<string>;
