// robots.txt naming the sitemap index at SITE_URL (Astro.site), written at build time.
import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/content/robots.ts';

export const GET: APIRoute = ({ site }) =>
  new Response(robotsTxt(site ?? 'http://localhost/'), {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
