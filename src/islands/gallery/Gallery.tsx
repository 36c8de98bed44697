import { lazy, Suspense, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import {
  mainPicture,
  type GalleryItem,
  type IslandGallery as GalleryModel,
} from '../../lib/product/gallery.ts';
import { lensGeometry, type LensGeometry } from '../../lib/product/lens.ts';
import { withErrorBoundary } from '../shared/index.ts';
import { FallbackImage } from './FallbackImage.tsx';
import './gallery.css';

// The full-screen viewer (with its focus trap and 3D stage) is fetched when the shopper heads
// for the gallery (a pointer over it, the focus in it) or opens it, not with the page: a
// product page ships at most 100 KB of JavaScript in all.
const loadViewer = () => import('./ViewerDialog.tsx');
const ViewerDialog = lazy(loadViewer);
const prefetchViewer = () => {
  loadViewer().catch(() => {
    // Tried again when the viewer opens; a failure there shows the island's error.
  });
};

/** The zoom lens: its side in px and how much it magnifies. */
const LENS_SIZE = 180;
const LENS_ZOOM = 2.5;
const SIZES = '(max-width: 767px) 100vw, 560px';

interface Props {
  gallery: GalleryModel;
  /** The product's title as text (the viewer's heading). */
  title: string;
}

/**
 * A link's click handled in the page (`then`), unless it asks the browser for a new tab or
 * window, which the island leaves alone.
 */
const inPage = (then: () => void) => (event: MouseEvent) => {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  then();
};

/**
 * The product page gallery (spec storefront 2, "Gallery"): thumbnails switch the main
 * picture, a zoom lens follows a mouse over it, and a click opens the full-screen viewer.
 * Its server render is the page's gallery for everyone until it hydrates (and for people
 * without JavaScript: every thumbnail and the main picture are links to the media).
 */
function Gallery({ gallery, title }: Props) {
  const { items, noImage } = gallery;
  const [selected, setSelected] = useState(
    Math.max(
      items.findIndex((item) => item.kind === 'image'),
      0,
    ),
  );
  const [viewer, setViewer] = useState<number | null>(null);
  const [lens, hideLens, imageRef, moveLens] = useLens(noImage);

  // A product with only a model or a video still needs its thumbnail to open it.
  const showThumbs = items.length > 1 || items.some((item) => item.kind !== 'image');
  const current = items[selected];
  const main = current?.kind === 'image' ? current : mainPicture(gallery);

  const open = (index: number) =>
    inPage(() => {
      hideLens();
      setViewer(index);
    });

  const picture = (
    <img
      ref={imageRef}
      data-gallery-main
      src={main.src}
      srcSet={main.srcset}
      sizes={main.srcset ? SIZES : undefined}
      alt={main.alt}
      width={800}
      height={800}
      loading="eager"
      fetchPriority="high"
      decoding="async"
    />
  );

  return (
    <div className="gallery" onPointerEnter={prefetchViewer} onFocus={prefetchViewer}>
      <div className="gallery-main" onPointerMove={moveLens} onPointerLeave={hideLens}>
        {noImage ? (
          picture
        ) : (
          <a
            href={main.src}
            className="gallery-open"
            aria-haspopup="dialog"
            aria-label={`Open the full-screen viewer: ${main.alt}`}
            onClick={open(selected)}
          >
            {picture}
          </a>
        )}
        {lens && (
          <div
            className="gallery-lens"
            aria-hidden="true"
            style={{
              width: LENS_SIZE,
              height: LENS_SIZE,
              left: lens.left,
              top: lens.top,
              backgroundImage: `url("${encodeURI(main.src)}")`,
              backgroundSize: `${lens.backgroundWidth}px ${lens.backgroundHeight}px`,
              backgroundPosition: `${lens.backgroundX}px ${lens.backgroundY}px`,
            }}
          />
        )}
      </div>
      {showThumbs && (
        <ul className="gallery-thumbs" aria-label="Product media">
          {items.map((item, index) => (
            <li key={`${item.kind}-${index}`}>
              {thumbnail(
                item,
                index === selected,
                item.kind === 'image'
                  ? inPage(() => {
                      setSelected(index);
                    })
                  : open(index),
              )}
            </li>
          ))}
        </ul>
      )}
      {viewer !== null && (
        <Suspense fallback={null}>
          <ViewerDialog
            title={title}
            items={items}
            index={viewer}
            onIndex={(index) => {
              setViewer(index);
              // Stepping through images in the viewer leaves the last one in the main viewer.
              if (items[index]?.kind === 'image') setSelected(index);
            }}
            onClose={() => {
              setViewer(null);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The zoom lens over the main picture: where it is (null: hidden), hiding it, the ref of the
 * picture it measures, and the pointer handler that moves it. A tuple rather than an object:
 * the island is on every product page, and property names would cost it bytes.
 */
function useLens(noImage: boolean) {
  const [lens, setLens] = useState<LensGeometry | null>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const moveLens = (event: PointerEvent<HTMLElement>) => {
    const image = imageRef.current;
    // Desktop pointer only: a finger on a phone scrolls the page instead.
    if (event.pointerType !== 'mouse' || !image || noImage) return;
    const box = image.getBoundingClientRect();
    setLens(
      lensGeometry({
        x: event.clientX - box.left,
        y: event.clientY - box.top,
        boxWidth: box.width,
        boxHeight: box.height,
        naturalWidth: image.naturalWidth,
        naturalHeight: image.naturalHeight,
        lensSize: LENS_SIZE,
        zoom: LENS_ZOOM,
      }) ?? null,
    );
  };
  const hideLens = () => {
    setLens(null);
  };
  return [lens, hideLens, imageRef, moveLens] as const;
}

// The markup's parts are plain functions with their arguments in order rather than
// components with props: the gallery is on every product page, and a component's props
// object costs the page bytes (gzipped) for no change in what renders.

/**
 * A thumbnail, a link to its media (for people without JavaScript): an image's makes it the
 * main picture (`current` when it is), a 3D model's or a video's is badged and opens the viewer.
 */
function thumbnail(item: GalleryItem, current: boolean, onClick: (event: MouseEvent) => void) {
  return item.kind === 'image' ? (
    <a
      href={item.src}
      data-kind="image"
      aria-current={current ? 'true' : undefined}
      onClick={onClick}
    >
      <img src={item.src} alt={item.alt} width={72} height={72} loading="lazy" />
    </a>
  ) : (
    <a
      href={item.kind === 'model' ? item.src : item.embed}
      data-kind={item.kind}
      aria-haspopup="dialog"
      onClick={onClick}
    >
      {item.kind === 'model' ? (
        <img src={item.poster} alt={item.alt} width={72} height={72} loading="lazy" />
      ) : (
        <FallbackImage
          src={item.thumb}
          fallback={item.fallback}
          alt={item.alt}
          width={96}
          height={72}
          loading="lazy"
        />
      )}
      <span className="badge" aria-hidden="true">
        {item.kind === 'model' ? '3D' : '▶'}
      </span>
    </a>
  );
}

export default withErrorBoundary(Gallery);
