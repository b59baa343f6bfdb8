import { useState } from 'react';
import { mediaUrl } from '../../../lib/media-url';

type Props = {
  path: string | null | undefined;
  width: number;
  height: number;
  /** Images of the first row load at once; the rest only near the viewport. */
  eager?: boolean;
  className?: string;
};

/**
 * A menu picture with explicit dimensions (no layout shift), lazy loading
 * and asynchronous decoding below the first row. The first row's pictures
 * (the largest paint of the first view) decode with the frame that shows
 * them: asynchronous decoding would paint them a frame or more after they
 * arrived. A missing or broken picture
 * leaves a neutral placeholder of the same size. The text beside it names the
 * dish, so the image itself is decorative (empty alt).
 */
export function MenuImage({ path, width, height, eager = false, className = 'menu-image' }: Props) {
  const src = mediaUrl(path);
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return <span className={`${className} menu-image--empty`} style={{ aspectRatio: `${width} / ${height}` }} aria-hidden="true" />;
  }
  return (
    <img
      className={className}
      src={src}
      alt=""
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'auto' : 'async'}
      fetchPriority={eager ? 'high' : undefined}
      onError={() => setFailed(src)}
    />
  );
}
