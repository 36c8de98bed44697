/**
 * Tables and indexes of the content area, added to the base schema (schema.ts) by openDatabase.
 * Statements must be idempotent (IF NOT EXISTS).
 */
export const contentSchemaSql = /* sql */ ``;
