// Types of scripts/contract-validators.mjs for the tests that hold its rewrites of ajv's code equal to ajv's.
export declare function integerChecks(code: string, file: string): string;
