import { useEffect, useId, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { GalleryItem } from '../../lib/product/gallery.ts';
import { itemCounter, keyStep } from '../../lib/product/viewer.ts';
import { FallbackImage } from './FallbackImage.tsx';
import { lockScroll, trapTab } from './focus-trap.ts';
import { ModelStage } from './ModelStage.tsx';
import '../shared/round-button.css';

interface Props {
  /** The product's title as text. */
  title: string;
  items: readonly GalleryItem[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/**
 * The full-screen viewer (spec storefront 2, "Gallery"): images, 3D models and videos;
 * arrow keys move (wrapping), Escape closes, Tab stays inside, and the focus goes back to
 * what opened it. A video's player loads only when its slide is shown.
 */
export default function ViewerDialog({ title, items, index, onIndex, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const item = items[index];
  const count = items.length;

  // Opened as a modal with the focus on its close button and the page behind held still;
  // closing scrolls the page again and gives the focus back to what opened the viewer.
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    closeRef.current?.focus();
    const unlock = lockScroll();
    return () => {
      unlock();
      if (dialog?.open) dialog.close();
      opener?.focus();
    };
  }, []);

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDialogElement>) => {
    if (!ref.current) return;
    if (trapTab(event.nativeEvent, ref.current)) return;
    // The 3D model turns with the arrow keys while it has the focus.
    if (event.target instanceof Element && event.target.closest('model-viewer')) return;
    const next = keyStep(event.key, index, count);
    if (next === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    onIndex(next);
  };

  if (!item) return null;
  return (
    <dialog
      ref={ref}
      className="viewer"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape: close through React so the state and the focus return stay in step.
        event.preventDefault();
        onClose();
      }}
    >
      <div className="viewer-bar">
        <h2 id={titleId} className="viewer-title">
          {title}
        </h2>
        <p className="viewer-count" aria-live="polite">
          {itemCounter(item.kind, index, count)}
        </p>
        <button
          ref={closeRef}
          type="button"
          className="viewer-close round-button"
          aria-label="Close viewer"
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="viewer-stage">
        {count > 1 && stepButton('prev', index, count, onIndex)}
        <div className="viewer-slide" key={`${item.kind}-${String(index)}`}>
          {item.kind === 'image' && (
            <img
              className="viewer-media"
              src={item.src}
              srcSet={item.srcset}
              sizes={item.srcset ? '100vw' : undefined}
              alt={item.alt}
            />
          )}
          {item.kind === 'model' && (
            <ModelStage src={item.src} poster={item.poster} alt={item.alt} />
          )}
          {item.kind === 'video' && (
            <iframe
              className="viewer-video"
              src={item.embed}
              title={item.alt}
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          )}
        </div>
        {count > 1 && stepButton('next', index, count, onIndex)}
      </div>
      {count > 1 && thumbnails(items, index, onIndex)}
      <p className="visually-hidden">
        Use the left and right arrow keys to move between items, and Escape to close.
      </p>
    </dialog>
  );
}

// The thumbnails and the arrows are plain functions with their arguments in order rather than
// components with props: no props object to build, and the viewer's chunk does not grow.

/** Every item as a button that shows it, the current one marked, each named by its place. */
function thumbnails(
  items: readonly GalleryItem[],
  index: number,
  onIndex: (index: number) => void,
) {
  const count = items.length;
  return (
    <ul className="viewer-thumbs" aria-label="All media">
      {items.map((other, at) => (
        <li key={`${other.kind}-${String(at)}`}>
          <button
            type="button"
            aria-label={`${itemCounter(other.kind, at, count)}: ${other.alt}`}
            aria-current={at === index ? 'true' : undefined}
            onClick={() => {
              onIndex(at);
            }}
          >
            {other.kind === 'video' ? (
              <FallbackImage src={other.thumb} fallback={other.fallback} alt="" loading="lazy" />
            ) : (
              <img src={other.kind === 'image' ? other.src : other.poster} alt="" loading="lazy" />
            )}
            {other.kind !== 'image' && (
              <span className="badge" aria-hidden="true">
                {other.kind === 'model' ? '3D' : '▶'}
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}

const STEPS = {
  prev: { key: 'ArrowLeft', label: 'Previous', glyph: '‹' },
  next: { key: 'ArrowRight', label: 'Next', glyph: '›' },
} as const;

/** The arrow beside the slide: moves the way its arrow key does, wrapping at the ends. */
function stepButton(
  step: keyof typeof STEPS,
  index: number,
  count: number,
  onIndex: (index: number) => void,
) {
  const { key, label, glyph } = STEPS[step];
  return (
    <button
      type="button"
      className={`viewer-step viewer-${step} round-button`}
      aria-label={label}
      onClick={() => {
        onIndex(keyStep(key, index, count) ?? 0);
      }}
    >
      <span aria-hidden="true">{glyph}</span>
    </button>
  );
}
