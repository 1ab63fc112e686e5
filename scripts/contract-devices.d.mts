// Types of scripts/contract-devices.mjs for the test that holds the device registry to the kinds' schemas.
export declare function deviceKinds(root: string): string[];
