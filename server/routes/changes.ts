import { Hono } from 'hono';
import type { Deps } from '../deps.ts';

// Placeholder: filled in by the route work of issue 2.
export function changeRoutes(_deps: Deps): Hono {
  return new Hono();
}
