/** Questions on the questions page under 'Recent questions'. */
export const RECENT_QUESTIONS = 10;

/** What the questions pages read from a topic. */
export interface TopicLink {
  id: number;
  handle: string;
  title: string;
}

/** What the questions pages read from a question. */
export interface QuestionLink {
  id: number;
  displayableId: string;
  handle: string;
  topicId: number | null;
  createdAt: string;
}

/** What a list of questions shows of each (QuestionList.astro, ProductQuestions.astro). */
export interface QuestionSummary {
  displayableId: string;
  handle: string;
  title: string;
  askedBy: string;
  createdAt: string;
  answerHtml: string;
}

/**
 * The path of a topic (spec account-and-shell 2.1: /questions/Topic/:topicHandle/:topicId).
 * @example topicPath({ id: 1, handle: 'compatibility' }) // '/questions/Topic/compatibility/1'
 */
export const topicPath = (topic: Pick<TopicLink, 'id' | 'handle'>): string =>
  `/questions/Topic/${encodeURIComponent(topic.handle)}/${topic.id}`;

/**
 * The path of a question (spec account-and-shell 2.1: /questions/:displayableId/:handle).
 * @example questionPath({ displayableId: 'Q10001', handle: 'will-it-fit' }) // '/questions/Q10001/will-it-fit'
 */
export const questionPath = (question: Pick<QuestionLink, 'displayableId' | 'handle'>): string =>
  `/questions/${encodeURIComponent(question.displayableId)}/${encodeURIComponent(question.handle)}`;

/** Newest first, ties by id (newest id first), without changing the given list. */
export function newestQuestionsFirst<T extends QuestionLink>(questions: readonly T[]): T[] {
  return [...questions].sort(
    (a, b) => (Date.parse(b.createdAt) || 0) - (Date.parse(a.createdAt) || 0) || b.id - a.id,
  );
}

/** The most recent questions. */
export function recentQuestions<T extends QuestionLink>(
  questions: readonly T[],
  count = RECENT_QUESTIONS,
): T[] {
  return newestQuestionsFirst(questions).slice(0, Math.max(0, count));
}

/** Questions by topic id, newest first in each; questions without a topic are left out. */
export function questionsByTopic<T extends QuestionLink>(
  questions: readonly T[],
): Map<number, T[]> {
  const byTopic = new Map<number, T[]>();
  for (const question of newestQuestionsFirst(questions)) {
    if (question.topicId === null) continue;
    const list = byTopic.get(question.topicId) ?? [];
    list.push(question);
    byTopic.set(question.topicId, list);
  }
  return byTopic;
}

/**
 * How a count of questions reads.
 * @example questionCountLabel(1) // '1 question'
 */
export const questionCountLabel = (count: number): string =>
  count === 1 ? '1 question' : `${count} questions`;
