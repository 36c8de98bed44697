/**
 * Store and theme configuration: every key the spec names (storefront-browsing-and-buying 1,
 * account-and-shell 3), typed, in one place. Read single values with `configValue(path)`.
 */
export interface NavLink {
  title: string;
  url: string;
}

/**
 * The support chat of the theme (spec storefront 1: "reach support by phone or chat"). The
 * shell shows its entry only when it is set, and loads the provider's script only when a
 * shopper opens the entry (src/components/shell/ChatEntry.astro); the pages' CSP allows the
 * script's origin, and the origins below, only then. Checked by chatEntry() in
 * src/lib/shell/chat-setting.ts, which fails the build on a bad value.
 * @example { scriptUrl: 'https://widget.chat.example/loader.js', widgetId: 'store-42',
 *   providerGlobal: 'SupportChat', label: 'Chat with us' }
 */
export interface ChatSetting {
  /** The provider's loader script, an https URL. */
  scriptUrl: string;
  /** The store's account or widget id at the provider. */
  widgetId: string;
  /**
   * The global function the provider's script defines; once loaded, the entry calls it as
   * `window[providerGlobal]('open', { widgetId })` and the provider's window takes over.
   */
  providerGlobal: string;
  /** The entry's text, e.g. 'Chat with us'. */
  label: string;
  /** Origins (https: or wss:) the widget calls once open, for the CSP's connect-src. */
  connectOrigins?: string[] | undefined;
  /** Origins (https:) of frames the widget shows, for the CSP's frame-src. */
  frameOrigins?: string[] | undefined;
  /**
   * A stand-in for a provider the store has not chosen yet (the demo's): the setting's shape,
   * never shown. A placeholder counts as no chat (storeChat in src/lib/shell/chat-setting.ts):
   * pages offer the phone and the contact form, and no chat origin reaches their CSP (issues
   * 28 and 29: its every press ended in 'Our chat is not available right now').
   */
  placeholder?: boolean;
}

export interface StoreConfig {
  /** Store configuration (account-and-shell 3). */
  store: {
    storeName: string;
    storeFaviconUrl: string;
    storeLogoUrl: string;
    contactPhoneNumber: string;
  };
  /** Theme configuration (storefront 1, account-and-shell 3). */
  theme: {
    /** ISO 4217 code; prices show with 2 decimals. */
    storeCurrency: string;
    /** Order value from which shipping is free; -1 means no free shipping. */
    freeShippingValue: number;
    /** Default product-list page size; one of the page size options (storefront 9). */
    defaultLimitPerPage: number;
    /** Text of the announcement bar. */
    announcement: string;
    productNoImageUrl: string;
    featuredProducts: { url: string; bannerUrl: string };
    imagePlacements: { collection: { menuImage: string; topBanner: string } };
    /** Depth of the desktop menu; the sidebar tree uses sidebarNavigationDepth. */
    navigationMenuDepth: number;
    sidebarNavigationDepth: number;
    seoTitle: string;
    blogDescription: string;
    footerNavLinks: NavLink[];
    policyLinks: { returns: string; shipping: string; requestAnItem: string };
    exitIntentPopUp: { bgImageUrl: string; discountMessage: string; discountCode: string };
    images: {
      heroSlides: string[];
      shippingImages: string[];
      bottomBanner: string;
      sidebarBanner: string;
      sellerRatingSeal: string;
    };
    /**
     * Route bases (account-and-shell 2.1: configurable collection, product and article paths;
     * issue 31, item 7: model pages at a configurable base, /machines/{brand}/{model}/).
     */
    paths: {
      collectionBase: string;
      productBase: string;
      articleBase: string;
      machineBase: string;
    };
    /** Text of the alert a right-click on a logo shows. */
    logoAlert: string;
    messages: { imagesCopyrighted: string; noReviews: string };
    links: {
      sellerReviewsUrl: string;
      blogsUrl: string;
      palletJackPartsCollection: string;
      /**
       * The generic page (/{handle}) that carries the contact form under its text; the support
       * entry of every page links to it when no chat is configured.
       */
      contactPage: string;
    };
    /** The store's social profiles, shown in the product page's social and feed block. */
    socialLinks: NavLink[];
    /** Product images on this origin/path get responsive variants (storefront 5). */
    productImageCdnPrefix: string;
    video: { embedBase: string; thumbnailBase: string };
    /** Structured data (storefront 9). */
    returns: { returnDays: number; restockingFeePercent: number };
    /**
     * The product lists' filter panel: tag prefixes it does not offer (the demo catalogue
     * tags each product Brand_{vendor}, and the panel's Brand group lists the vendors).
     */
    filters: { hiddenTagPrefixes: string[] };
    /** Support chat; unset (or a placeholder), pages offer the phone and the contact form. */
    chat?: ChatSetting | undefined;
  };
}

export const storeConfig: StoreConfig = {
  store: {
    storeName: 'Industrial Parts Depot',
    storeFaviconUrl: '/favicon.svg',
    storeLogoUrl: '/logo.svg',
    contactPhoneNumber: '1-800-555-0199',
  },
  theme: {
    storeCurrency: 'USD',
    freeShippingValue: 199,
    defaultLimitPerPage: 24,
    announcement: 'Same-day shipping on in-stock parts ordered by 3 PM ET.',
    productNoImageUrl: '/no-image.svg',
    featuredProducts: {
      url: '/collections/pallet-jack-parts',
      bannerUrl: '/api/media/banners/featured-products.svg',
    },
    imagePlacements: { collection: { menuImage: 'menuImage', topBanner: 'topBanner' } },
    navigationMenuDepth: 1,
    sidebarNavigationDepth: 6,
    seoTitle: 'Industrial Parts Depot: pallet jack and forklift parts',
    blogDescription:
      'Guides, compatibility notes and maintenance tips for material-handling parts.',
    footerNavLinks: [
      { title: 'About Us', url: '/about-us' },
      { title: 'Contact Us', url: '/contact-us' },
      { title: 'Returns', url: '/returns' },
      { title: 'Shipping', url: '/shipping' },
      { title: 'Privacy Policy', url: '/privacy-policy' },
      { title: 'Terms of Use', url: '/terms-of-use' },
      { title: 'Sitemap', url: '/sitemap.php' },
    ],
    policyLinks: { returns: '/returns', shipping: '/shipping', requestAnItem: '/request-an-item' },
    exitIntentPopUp: {
      bgImageUrl: '/api/media/banners/exit-intent.svg',
      discountMessage: 'Take 10% off your first order of pallet jack and forklift parts.',
      discountCode: 'WELCOME10',
    },
    images: {
      heroSlides: [
        '/api/media/banners/hero-pallet-jack-parts.svg',
        '/api/media/banners/hero-forklift-parts.svg',
        '/api/media/banners/hero-batteries-chargers.svg',
      ],
      shippingImages: ['/api/media/banners/shipping-carriers.svg'],
      bottomBanner: '/api/media/banners/pallet-jack-parts.svg',
      sidebarBanner: '/api/media/banners/sidebar.svg',
      sellerRatingSeal: '/api/media/banners/seller-rating-seal.svg',
    },
    paths: {
      collectionBase: '/collections',
      productBase: '/products',
      articleBase: '/articles',
      machineBase: '/machines',
    },
    logoAlert: 'Sorry, our images are copyrighted.',
    messages: {
      imagesCopyrighted: 'Sorry, our images are copyrighted.',
      noReviews:
        "This product hasn't received any reviews yet. Be the first to review this product!",
    },
    links: {
      sellerReviewsUrl: 'https://www.resellerratings.com/',
      blogsUrl: '/articles',
      palletJackPartsCollection: '/collections/pallet-jack-parts',
      contactPage: '/contact-us',
    },
    socialLinks: [
      { title: 'YouTube', url: 'https://www.youtube.com/' },
      { title: 'Facebook', url: 'https://www.facebook.com/' },
      { title: 'LinkedIn', url: 'https://www.linkedin.com/' },
    ],
    productImageCdnPrefix: '/api/media/products/',
    video: {
      embedBase: 'https://www.youtube.com/embed/',
      thumbnailBase: 'https://img.youtube.com/vi/',
    },
    returns: { returnDays: 30, restockingFeePercent: 15 },
    filters: { hiddenTagPrefixes: ['Brand'] },
    // The demo has no chat account: a placeholder, so its pages offer the phone and the
    // contact form instead (docs/islands.md, "Support"). A store sets its provider's here, or
    // in SUPPORT_CHAT, and drops `placeholder`.
    chat: {
      scriptUrl: 'https://chat.provider.example/widget.js',
      widgetId: 'industrial-parts-depot',
      providerGlobal: 'SupportChat',
      label: 'Chat with us',
      placeholder: true,
    },
  },
};
