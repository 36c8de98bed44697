/**
 * Ends a start script that cannot start, with its message alone and exit code 1: a refused
 * production start lists what to set, and a stack trace after the list (as there was) would
 * bury it (issue 28). Any other failure to start (nginx refusing its configuration, a first
 * publish that failed) says what happened in its message too.
 * @example const { env } = await import('../src/lib/env.ts').catch(refuse);
 */
export function refuse(error: unknown): never {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
