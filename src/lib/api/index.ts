// The one API client (DESIGN, islands): the calls and their errors (client.ts, which
// re-exports what callers need from reply.ts) and the retry rules (retry.ts), whole.
export * from './client.ts';
export * from './retry.ts';
