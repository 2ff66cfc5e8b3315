/** What the reference server reports as its API level (spec part 9). */
export const SERVICE_FEATURE_LEVEL = 400;
export const SERVICE_VERSION = '11.0-reference';
export const SERVICE_MERGE_BASE = '11.0-reference';
