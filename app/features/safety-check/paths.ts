/** The safety check's pages (ADR 029). */
export const SAFETY_PATH = "/manage/safety-check";
export const BLOCK_LIST_PATH = "/manage/safety-check/block-list";
export const CENTRAL_RECORD_PATH = "/manage/safety-check/sign-in-central-record";
/** Custom field rows an entry's form offers (the contract allows up to BLOCK_LIST_LIMITS.fields). */
export const FIELD_ROWS = 5;
