import { useCallback, useState } from 'react';

/**
 * Whether an <img> failed to load, including a failure before hydration (when no onError listener existed yet):
 * such an image is asked to load again once the listener is attached. Key the owner by src to reset.
 */
export function useBrokenImage() {
  const [broken, setBroken] = useState(false);
  const ref = useCallback((img: HTMLImageElement | null) => {
    const src = img?.getAttribute('src');
    if (img && src && img.complete && img.naturalWidth === 0) img.src = src;
  }, []);
  const onError = useCallback(() => setBroken(true), []);
  return { broken, ref, onError };
}
