import { srcsetFor } from '../../../shared/images/srcset.ts';
import {
  VIDEO_THUMBNAIL_FALLBACK,
  videoEmbedUrl,
  videoIds,
  videoThumbnailUrl,
} from '../../../shared/video.ts';

/** One thumbnail of the gallery (spec storefront 2, "Gallery"). */
export type GalleryItem =
  | { kind: 'image'; src: string; alt: string; srcset: string | undefined }
  | { kind: 'model'; src: string; poster: string; alt: string }
  | {
      kind: 'video';
      id: string;
      thumb: string;
      /** The local picture shown instead of `thumb` when the video host's image fails. */
      fallback: string;
      embed: string;
      alt: string;
    };

export interface Gallery {
  /** The large picture shown first: the first image, or the no-image picture. */
  main: { src: string; alt: string; srcset: string | undefined };
  /** Thumbnails: images, then 3D models (poster), then videos. */
  items: GalleryItem[];
  /** True when the product has no picture of its own. */
  noImage: boolean;
}

/**
 * The gallery as the island's props (issue 33, item 5: islands get only the props they
 * render): `main` only when it is the no-image picture; otherwise it is the first thumbnail,
 * which the island takes from `items`, and its srcset was half of a one-picture gallery's
 * props.
 */
export type IslandGallery = Omit<Gallery, 'main'> & { main?: Gallery['main'] };

/** The island's props of `gallery`; `mainPicture` gives its `main` back. */
export function islandGallery(gallery: Gallery): IslandGallery {
  const { items, noImage } = gallery;
  return noImage ? gallery : { items, noImage };
}

/** The large picture of an island's gallery: its `main`, or the first thumbnail. */
export function mainPicture(gallery: IslandGallery): Gallery['main'] {
  return gallery.main ?? (gallery.items[0] as Gallery['main']);
}

interface GalleryProduct {
  imageUrl: string | null;
  Images: readonly { url: string; altText: string }[];
  Model3Ds: readonly { url: string; posterUrl: string }[];
  Metafields: readonly { metafieldKey: string; metafieldValue: string }[];
}

export interface GalleryOptions {
  /** The product's title as text, for alt texts the data leaves empty. */
  title: string;
  noImageUrl: string;
  cdnPrefix: string;
  video: { embedBase: string; thumbnailBase: string };
}

/**
 * The gallery's view model, which the static markup renders and the gallery island reads
 * back from its data attributes.
 */
export function productGallery(product: GalleryProduct, options: GalleryOptions): Gallery {
  const { title } = options;
  const images = product.Images.length
    ? product.Images
    : product.imageUrl
      ? [{ url: product.imageUrl, altText: title }]
      : [];
  const items: GalleryItem[] = [
    ...images.map((image) => ({
      kind: 'image' as const,
      src: image.url,
      alt: image.altText.trim() || title,
      srcset: srcsetFor(image.url, options.cdnPrefix),
    })),
    ...product.Model3Ds.map((model, index) => ({
      kind: 'model' as const,
      src: model.url,
      poster: model.posterUrl || options.noImageUrl,
      alt: `${title}, 3D model${product.Model3Ds.length > 1 ? ` ${index + 1}` : ''}`,
    })),
    ...videoIds(product.Metafields).map((id, index, all) => ({
      kind: 'video' as const,
      id,
      thumb: videoThumbnailUrl(id, options.video.thumbnailBase),
      fallback: VIDEO_THUMBNAIL_FALLBACK,
      embed: videoEmbedUrl(id, options.video.embedBase),
      alt: `${title}, video${all.length > 1 ? ` ${index + 1}` : ''}`,
    })),
  ];
  const first = items[0]?.kind === 'image' ? items[0] : undefined;
  return {
    main: first
      ? { src: first.src, alt: first.alt, srcset: first.srcset }
      : { src: options.noImageUrl, alt: title, srcset: undefined },
    items,
    noImage: !first,
  };
}
