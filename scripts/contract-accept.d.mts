// Types of scripts/contract-accept.mjs for the test that holds the accept path equal to ajv's check.
export declare function acceptCode(schema: object, name: string, others?: readonly object[]): string;
