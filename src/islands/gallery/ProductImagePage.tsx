import { useEffect, useState } from 'react';
import {
  fetchMediaProduct,
  NO_IMAGES,
  productIdParam,
  viewerImages,
  type MediaProduct,
} from '../../lib/product/media-api.ts';
import { htmlToText } from '../../../shared/format/html-text.ts';
import { imageCounter, keyStep } from '../../lib/product/viewer.ts';
import { showToast } from '../../stores/toast.ts';
import { withErrorBoundary } from '../shared/index.ts';
import { lockScroll } from './focus-trap.ts';
import './product-image.css';
import { productPath } from '../../lib/routing/paths.ts';

type State =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; product: MediaProduct };

interface Props {
  /** Where product pages live ({product base path}/{handle}), for the way back. */
  productBase: string;
}

/**
 * The expanded image viewer at /productimage.php?product_id= (account-and-shell 2.8):
 * full screen with page scrolling locked, the title, the main image, clickable thumbnails
 * and 'Image N of M'; the arrow keys step through the images.
 */
function ProductImagePage({ productBase }: Props) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [index, setIndex] = useState(0);

  useEffect(() => lockScroll(), []);

  useEffect(() => {
    const param = productIdParam(window.location.search);
    if (!param.ok) {
      setState({ status: 'failed', message: param.message });
      return;
    }
    const controller = new AbortController();
    fetchMediaProduct(param.id, controller.signal).then(
      (result) => {
        if (result.ok) {
          setState({ status: 'ready', product: result.value });
          return;
        }
        // account-and-shell 8: a failed fetch on the image page is a danger notification.
        showToast({ variant: 'danger', message: result.message });
        setState({ status: 'failed', message: result.message });
      },
      () => {
        /* aborted: the page is going away */
      },
    );
    return () => {
      controller.abort();
    };
  }, []);

  const images = state.status === 'ready' ? viewerImages(state.product) : [];
  const count = images.length;

  useEffect(() => {
    if (count < 2) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target;
      if (target instanceof HTMLElement && target.closest('input, textarea, select')) return;
      setIndex((current) => {
        const next = keyStep(event.key, current, count);
        if (next === undefined) return current;
        event.preventDefault();
        return next;
      });
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [count]);

  const title = state.status === 'ready' ? htmlToText(state.product.title) : 'Product images';
  const back =
    state.status === 'ready'
      ? {
          href: productPath(productBase, state.product.handle),
          text: 'Back to product',
        }
      : { href: '/', text: 'Go to the home page' };
  const image = images[index] ?? images[0];

  return (
    <div className="product-image-viewer">
      <div className="piv-bar">
        <h1 className="piv-title">{title}</h1>
        <a className="piv-back" href={back.href}>
          {back.text}
        </a>
      </div>
      {state.status === 'loading' && (
        <p className="piv-message" role="status">
          Loading images...
        </p>
      )}
      {state.status === 'failed' && (
        <p className="piv-message piv-error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'ready' && !image && <p className="piv-message">{NO_IMAGES}</p>}
      {image && (
        <>
          <div className="piv-stage">
            <img className="piv-main" src={image.url} alt={image.alt} />
          </div>
          <p className="piv-count" aria-live="polite">
            {imageCounter(index, count)}
          </p>
          {count > 1 && (
            <ul className="piv-thumbs" aria-label="Images">
              {images.map((other, at) => (
                <li key={other.id}>
                  <button
                    type="button"
                    aria-label={`Show image ${String(at + 1)}: ${other.alt}`}
                    aria-current={at === index ? 'true' : undefined}
                    onClick={() => {
                      setIndex(at);
                    }}
                  >
                    <img src={other.url} alt="" loading="lazy" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

export default withErrorBoundary(ProductImagePage);
