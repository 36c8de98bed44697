import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { questionAddresses, questionRedirectsJson } from '../lib/routing/question-redirects.ts';

/**
 * The release's map of question ids to their addresses, at QUESTION_REDIRECTS_PATH (injected
 * by src/integrations/store-routes.ts), for the servers' one-hop redirect of a question's
 * older addresses (/questions/Q10001/{an older handle}). An endpoint without a cache key, as
 * the article map: every build and every warm publish writes it again, so a reworded
 * question's old address follows it in the release that shows the new one.
 */
export const GET: APIRoute = async () => {
  const questions = (await getCollection('questions')).map((entry) => entry.data);
  return new Response(questionRedirectsJson(questionAddresses(questions)), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
};
