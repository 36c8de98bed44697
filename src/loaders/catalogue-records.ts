// The record schemas live in src/lib/contracts/, where src/lib may import them too (the
// dependency runs from src/loaders to src/lib, never back). This re-export keeps the
// components, data modules and server tests that still import this path working until they
// import src/lib/contracts/catalogue-records.ts themselves.
export * from '../lib/contracts/catalogue-records.ts';
