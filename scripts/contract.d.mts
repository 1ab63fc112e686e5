// Types of scripts/contract.mjs for the test that checks the generated types are current.
export declare const OUTPUTS: readonly { file: string; about: string; schemas: readonly { path: string }[] }[];
export declare function generateRaw(): Map<string, string>;
export declare function generate(): Promise<Map<string, string>>;
export declare function generateEditorSchema(): Promise<string>;
