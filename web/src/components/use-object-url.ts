import { useEffect, useState } from 'react';

/**
 * useObjectUrl gives an <img>/<video> a URL for a Blob or File in memory (a
 * chosen picture before it is uploaded, a fetched QR code): an object URL,
 * revoked when the blob changes or the component goes away. It is null
 * without a blob, and where the browser cannot make object URLs, unless
 * `dataUrlFallback` asks for a data: URL read from the blob instead.
 */
export function useObjectUrl(blob: Blob | null | undefined, { dataUrlFallback = false } = {}): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (blob && typeof URL.createObjectURL === 'function') {
      const objectUrl = URL.createObjectURL(blob);
      // Syncing with the browser's object URL store, which only an effect can clean up.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setUrl(objectUrl);
      return () => URL.revokeObjectURL?.(objectUrl);
    }
    if (blob && dataUrlFallback) {
      const reader = new FileReader();
      reader.onload = () => setUrl(typeof reader.result === 'string' ? reader.result : null);
      reader.readAsDataURL(blob);
      return () => reader.abort();
    }
    setUrl(null);
  }, [blob, dataUrlFallback]);
  return url;
}
