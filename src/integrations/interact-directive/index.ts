import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Registers `client:interact` (directive.ts) for the store's islands. */
export function interactDirective(): AstroIntegration {
  return {
    name: 'store:interact-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interact',
          // A path: esbuild, which bundles the directive, does not resolve file: URLs.
          entrypoint: fileURLToPath(new URL('./directive.ts', import.meta.url)),
        });
      },
    },
  };
}
