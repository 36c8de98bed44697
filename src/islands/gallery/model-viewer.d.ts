// The <model-viewer> element in JSX (its package types the DOM element, not React's props).
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'model-viewer': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
        'camera-controls'?: boolean;
        'touch-action'?: string;
        'interaction-prompt'?: string;
        loading?: 'auto' | 'lazy' | 'eager';
      };
    }
  }
}
