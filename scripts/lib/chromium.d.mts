export declare const HEADLESS_SHELL: string;
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_LAUNCHER: string;
export declare const CHROMIUM_ARGS: string[];
export declare const CHROMIUM_LAUNCH: {
  executablePath: string;
  args: string[];
  env: Record<string, string | undefined>;
};
