import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  src: string;
  /** A picture the store serves itself, shown once `src` fails to load. */
  fallback: string;
};

/**
 * An <img> that swaps to `fallback` when its picture cannot be loaded (a video thumbnail on
 * a host the shopper cannot reach). The server render is a plain <img> (no
 * inline onerror attribute, which the pages' CSP would refuse); the island notices a failure
 * by its error event after hydration, and on mount for an image that failed before: React
 * was not listening then, and a broken image does not fire its error event again.
 */
export function FallbackImage({ src, fallback, alt, ...rest }: Props) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = ref.current;
    // complete with no size: the request ended and gave no picture (a lazy image still
    // waiting to load is not complete, so it is left to its error event).
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <img
      {...rest}
      ref={ref}
      src={failed ? fallback : src}
      alt={alt}
      data-fallback={failed ? '' : undefined}
      onError={() => {
        // The fallback failing too ends here: the state is already set.
        setFailed(true);
      }}
    />
  );
}
