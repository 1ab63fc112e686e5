// The engine's error codes. The class and the infrastructure's codes (journal, storage, MQTT, config, devices) live
// in the contract layer (src/protocol/errors.ts): the engine never names a failure of the world around it.
export { TableError, type TableErrorCode } from '../protocol/errors.ts';

declare module '../protocol/errors.ts' {
  interface TableErrorCodes {
    /** A rule profile (or a setup's `rules`) is wrong: the field is named. */
    PROFILE_INVALID: true;
    /** A setup names a profile the table does not have. */
    PROFILE_UNKNOWN: true;
    /** An input or an argument the engine cannot take. */
    INPUT_INVALID: true;
  }
}

/** The codes the engine may throw (test/protocol/contract.test.ts checks src/domain throws no other). */
export const DOMAIN_ERROR_CODES = ['PROFILE_INVALID', 'PROFILE_UNKNOWN', 'INPUT_INVALID'] as const;
