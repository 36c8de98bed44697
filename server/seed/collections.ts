import type { Collection } from '../catalog/input.ts';
import { collectionBannerWords } from '../media/pictures.ts';
import type { CategoryNode, PartKind } from './category-node.ts';
import { CATEGORY_TREE } from './category-tree.ts';

/** A leaf with the handles of its ancestors (outermost first), as products are filed. */
export interface CategoryLeaf {
  node: CategoryNode & { kind: PartKind; nouns: readonly string[] };
  path: readonly CategoryNode[];
}

/** Every leaf of the tree, in tree order. */
export function categoryLeaves(tree: readonly CategoryNode[] = CATEGORY_TREE): CategoryLeaf[] {
  const out: CategoryLeaf[] = [];
  const walk = (nodes: readonly CategoryNode[], path: readonly CategoryNode[]) => {
    for (const node of nodes) {
      if (node.children?.length) walk(node.children, [...path, node]);
      else if (node.kind && node.nouns)
        out.push({ node: { ...node, kind: node.kind, nouns: node.nouns }, path: [...path, node] });
    }
  };
  walk(tree, []);
  return out;
}

function descriptionHtml(node: CategoryNode, depth: number, long: boolean): string {
  const intro = `<p>Shop <strong>${node.title}</strong> for pallet jacks, forklifts and other material-handling equipment. Every part is checked against the manufacturer's specification and most ship the same day.</p>`;
  if (!long) return intro;
  const names = (node.children ?? []).map((child) => `<li>${child.title}</li>`).join('');
  // Long descriptions exercise the 800 px Read More collapse (spec storefront 2, collection page).
  return [
    `<h2>${node.title}</h2>`,
    intro,
    '<p>Downtime costs money. Our parts specialists stock OEM and high-quality aftermarket replacements for Crown, Raymond, Yale, Hyster, Toyota, Jungheinrich and more than twenty other brands, so you can keep your fleet moving without waiting weeks for a dealer order.</p>',
    names ? `<h3>Categories in ${node.title}</h3><ul>${names}</ul>` : '',
    '<h3>How to find the right part</h3>',
    '<p>Look for the serial plate on your truck: it shows the model and serial number. The part number is usually stamped on the old part or printed in the service manual. Search by that number above; hyphens and spaces do not matter.</p>',
    '<ol><li>Find the model and serial number.</li><li>Match the part number, or measure the old part.</li><li>Check the dimensions in the product description.</li><li>Still unsure? Ask our experts before you order.</li></ol>',
    '<h3>Shipping and returns</h3>',
    '<p>In-stock parts ordered before 3 PM Eastern ship the same business day. Orders over $199 ship free within the mainland United States, and unused parts can be returned within 30 days.</p>',
    '<p>Need ten or more of the same part for a fleet? Ask about bulk pricing: we quote within one business day.</p>',
    `<p>${'Our technicians have serviced material-handling equipment for over twenty years, and every part we list has been fitted on the trucks it is sold for. '.repeat(depth === 0 ? 3 : 1)}</p>`,
  ].join('\n');
}

/**
 * Collections whose mobile menu lists fewer children than the default 8 (a merchandiser's
 * setting, spec storefront 9), so the demo shows both the setting and its 'View all'.
 */
export const DEMO_MENU_CHILDREN: Readonly<Record<string, number>> = { 'pallet-jack-parts': 4 };

/**
 * The tree flattened parent-first into collection records (the catalogue input format),
 * with explicit ids 1..n so links and carts survive a re-seed.
 */
export function demoCollections(tree: readonly CategoryNode[] = CATEGORY_TREE): Collection[] {
  const out: Collection[] = [];
  const walk = (nodes: readonly CategoryNode[], parent: string | null, depth: number) => {
    nodes.forEach((node, position) => {
      const id = out.length + 1;
      const images: Collection['images'] = {};
      if (depth < 2) {
        images['menuImage'] = {
          imagePath: `/api/media/collections/${node.handle}.svg`,
          altText: node.title,
        };
      }
      if (depth === 0 || id % 3 === 0) {
        images['topBanner'] = {
          imagePath: `/api/media/banners/collection-${node.handle}.svg`,
          // The words the picture draws, not the collection's name: the page's heading
          // says that right above it (server/media/pictures.ts, collectionBannerWords).
          altText: collectionBannerWords(node.handle),
        };
      }
      out.push({
        id,
        handle: node.handle,
        title: node.title,
        seoTitle: `${node.title} | Industrial Parts Depot`,
        seoDescription: `Buy ${node.title.toLowerCase()} for pallet jacks and forklifts. Same-day shipping on in-stock parts.`,
        isIndexed: true,
        imageUrl: `/api/media/collections/${node.handle}.svg`,
        descriptionHtml: descriptionHtml(node, depth, depth === 0 || id % 4 === 0),
        parent,
        position,
        isFeatured: node.featured ?? false,
        maxChildItemsToDisplay: DEMO_MENU_CHILDREN[node.handle] ?? null,
        images,
      });
      if (node.children) walk(node.children, node.handle, depth + 1);
    });
  };
  walk(tree, null, 0);
  return out;
}
