import { useEffect, useState } from 'react';

/** Loads the <model-viewer> web component; one download however often a model opens. */
let loading: Promise<unknown> | undefined;
function loadModelViewer(): Promise<unknown> {
  // A dynamic import, so the component (and three.js under it) is a chunk of its own that
  // only a shopper who opens a 3D model downloads: product pages without a model never do.
  loading ??= import('@google/model-viewer').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

interface Props {
  src: string;
  poster: string;
  alt: string;
}

/** A 3D model in the full-screen viewer (spec storefront 2, "Gallery"). */
export function ModelStage({ src, poster, alt }: Props) {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>(
    customElements.get('model-viewer') ? 'ready' : 'loading',
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (customElements.get('model-viewer')) return;
    let live = true;
    loadModelViewer().then(
      () => {
        if (live) setState('ready');
      },
      () => {
        if (live) setState('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  if (state === 'ready') {
    return (
      <model-viewer
        // As attributes, model-viewer's documented interface (React would set properties).
        ref={(node) => {
          node?.setAttribute('src', src);
          node?.setAttribute('poster', poster);
          node?.setAttribute('alt', alt);
        }}
        className="viewer-model"
        camera-controls
        touch-action="pan-y"
        interaction-prompt="none"
      />
    );
  }
  return (
    <div className="viewer-model-wait">
      <img src={poster} alt={alt} className="viewer-media" />
      {state === 'loading' ? (
        <p role="status">Loading 3D model...</p>
      ) : (
        <p role="alert">
          The 3D viewer could not be loaded.{' '}
          <button
            type="button"
            className="viewer-retry"
            onClick={() => {
              setState('loading');
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
        </p>
      )}
    </div>
  );
}
