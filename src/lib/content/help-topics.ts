/** What the help page reads from a help answer. */
export interface HelpAnswerLink {
  handle: string;
  title: string;
  topic: string;
}

/** A topic of the help page with its answers. */
export interface HelpTopic<T extends HelpAnswerLink> {
  topic: string;
  /** Anchor id of the topic's section on the help page. */
  id: string;
  answers: T[];
}

/** Heading for answers that carry no topic. */
export const OTHER_TOPIC = 'Other questions';

/**
 * The path of a help answer (spec account-and-shell 2.1: /help_answer/:handle).
 * @example helpAnswerPath('how-much-is-shipping') // '/help_answer/how-much-is-shipping'
 */
export const helpAnswerPath = (handle: string): string =>
  `/help_answer/${encodeURIComponent(handle)}`;

/** The served URL of the help page (built at /help/, spec account-and-shell 2.1). */
export const HELP_PATH = '/help.asp';

/**
 * A slug for an anchor id.
 * @example slug('Shipping & Returns') // 'shipping-returns'
 */
export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'topic'
  );
}

/**
 * Help answers grouped by topic: topics in the order they first appear (the API sorts by
 * topic and position), answers in their given order; an empty topic goes under
 * 'Other questions', last.
 */
export function groupByTopic<T extends HelpAnswerLink>(answers: readonly T[]): HelpTopic<T>[] {
  const groups = new Map<string, T[]>();
  for (const answer of answers) {
    const topic = answer.topic.trim() || OTHER_TOPIC;
    const list = groups.get(topic) ?? [];
    list.push(answer);
    groups.set(topic, list);
  }
  const other = groups.get(OTHER_TOPIC);
  groups.delete(OTHER_TOPIC);
  if (other) groups.set(OTHER_TOPIC, other);
  const used = new Set<string>();
  return [...groups].map(([topic, list]) => {
    let id = `topic-${slug(topic)}`;
    for (let n = 2; used.has(id); n += 1) id = `topic-${slug(topic)}-${n}`;
    used.add(id);
    return { topic, id, answers: list };
  });
}
