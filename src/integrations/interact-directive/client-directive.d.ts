import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, tap or focus (src/integrations/interact-directive). */
    'client:interact'?: boolean | string;
  }
}
