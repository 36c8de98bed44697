import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { readCardButton } from '../card-add/card-add.ts';
import { productCardView } from '../../lib/catalog/product-card.ts';
import { ProductCard } from './ProductCard.tsx';

const view = productCardView(
  {
    id: 7,
    handle: 'load-wheel',
    title: 'Load <b>Wheel</b> <script>alert(1)</script>',
    vendor: 'Crown',
    imageUrl: '/api/media/products/load-wheel.jpg',
    avgRating: 3.6,
    totalReviews: 2,
    price: 10,
    compareAtPrice: 12.5,
    availableForSale: true,
  },
  {
    currency: 'USD',
    productBase: '/products',
    noImageUrl: '/no-image.svg',
    cdnPrefix: '/api/media/products/',
  },
);

const html = (element: React.ReactElement) => renderToStaticMarkup(element);

/** The attributes of the first `tag` element of the markup, named as a browser reads them. */
function attributes(markup: string, tag: string): Map<string, string> {
  const open = new RegExp(`<${tag}\\b([^>]*)>`).exec(markup)?.[1];
  if (open === undefined) throw new Error(`no <${tag}> in ${markup}`);
  return new Map(
    [...open.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [
      (name ?? '').toLowerCase(),
      value ?? '',
    ]),
  );
}

describe('ProductCard, the one card of every list', () => {
  it('shows the title as text, vendor, stars, price, saving and the add button', () => {
    const markup = html(
      <ProductCard view={view} button={{ label: 'Add to Cart', disabled: false, levelId: 44 }} />,
    );
    expect(attributes(markup, 'article').get('aria-label')).toBe('Load Wheel');
    expect(markup).toContain(
      '<h3 class="pc-title"><a href="/products/load-wheel">Load Wheel</a></h3>',
    );
    expect(markup).not.toContain('script');
    expect(markup).toContain('<a href="/search.php?v=Crown">Crown</a>');
    expect(markup).toContain('aria-label="Rated 4 out of 5">★★★★☆</span>');
    expect(markup).toContain('<span class="pc-now">$10.00</span>');
    expect(markup).toContain('<span class="visually-hidden">Was </span>$12.50</s>');
    const button = attributes(markup, 'button');
    expect(button.get('aria-label')).toBe('Add to Cart: Load Wheel');
    expect(button.get('data-level-id')).toBe('44');
    expect(button.has('disabled')).toBe(false);
    // Not a static card: the page-wide wiring must leave this button alone.
    expect(button.has('data-card-add-button')).toBe(false);
    expect(attributes(markup, 'img').get('loading')).toBe('lazy');
  });

  it('writes what the static wiring reads on a static card, disabled until wired', () => {
    const markup = html(
      <ProductCard
        view={view}
        button={{
          label: 'Add to Cart',
          disabled: true,
          levelId: 44,
          wiring: { available: null, forSale: true },
        }}
        eager
      />,
    );
    const button = attributes(markup, 'button');
    expect(button.has('disabled')).toBe(true);
    expect(button.has('data-card-add-button')).toBe(true);
    const dataset: Record<string, string> = {};
    for (const [name, value] of button) {
      if (name.startsWith('data-'))
        dataset[name.slice(5).replace(/-(\w)/g, (_, c: string) => c.toUpperCase())] = value;
    }
    expect(readCardButton({ dataset } as unknown as HTMLElement)).toEqual({
      levelId: 44,
      available: null,
      availableForSale: true,
    });
    expect(attributes(markup, 'img').get('loading')).toBe('eager');
  });

  it('links to the product when there is nothing to add, and shows the sold-out badge', () => {
    const markup = html(<ProductCard view={{ ...view, soldOut: true }} button={null} />);
    expect(markup).not.toContain('<button');
    expect(markup).toContain(
      '<a class="brand-button pc-add" href="/products/load-wheel" aria-label="View Details: Load Wheel">View Details</a>',
    );
    expect(markup).toContain('<span class="pc-badge">Sold out</span>');
  });

  it('places the overlay over the image, the actions before the button, and the summary', () => {
    const plain = html(<ProductCard view={view} button={null} />);
    expect(plain).not.toContain('pc-summary');
    const markup = html(
      <ProductCard
        view={view}
        button={null}
        overlay={<button type="button">Quick view</button>}
        actions={<label>Compare</label>}
        summary="A nylon wheel."
      />,
    );
    expect(markup).toMatch(
      /<div class="pc-image">.*<button type="button">Quick view<\/button><\/div>/,
    );
    expect(markup).toContain(
      '<div class="pc-actions"><label>Compare</label><a class="brand-button pc-add"',
    );
    expect(markup).toContain('<p class="pc-summary">A nylon wheel.</p>');
  });
});
