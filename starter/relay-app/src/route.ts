import { useEffect, useState } from 'react';

/** The screen's path from the URL's hash (`#/movie/550/fr-FR` → ['movie', '550', 'fr-FR']), so the built files serve from any static host. */
export function useRoute(): string[] {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const changed = () => setHash(location.hash);
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  return hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
}
