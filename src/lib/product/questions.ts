interface Question {
  productId: number | null;
  createdAt: string;
  id: number;
}

/**
 * The questions of each product, newest first, grouped once per build so a product page
 * reads a map instead of scanning every question (DESIGN, build pipeline 7).
 */
export function questionsByProduct<Q extends Question>(questions: readonly Q[]): Map<number, Q[]> {
  const byProduct = new Map<number, Q[]>();
  for (const question of questions) {
    if (question.productId === null) continue;
    const list = byProduct.get(question.productId) ?? [];
    list.push(question);
    byProduct.set(question.productId, list);
  }
  for (const list of byProduct.values()) {
    list.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  }
  return byProduct;
}

/** The page of one question: the one definition, with the questions pages' helpers. */
export { questionPath } from '../content/questions.ts';
