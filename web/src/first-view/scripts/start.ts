/**
 * What the diner menu's inline first-view scripts share (bundled into each
 * of them at build time, see scripts/first-views.mjs): starting the app's
 * code, and waiting until pictures have been painted.
 *
 * They run while the HTML is parsed, before any of the app's code: keep
 * them small and free of imports that bring the app in.
 */

/**
 * The arguments the server fills into a script's slot (cartaslotargs, as a
 * JSON object): the app's code, held back while a copy paints first.
 */
export type CodeArgs = {
  /** The preload links of the menu's code and first reads (HTML). */
  code: string;
  /** The entry module's URL; '' when another copy starts the code. */
  entry: string;
};

/** startCode adds the code's preload links and the entry module to the head. */
export function startCode(doc: Document, { code, entry }: CodeArgs): void {
  doc.head.insertAdjacentHTML('beforeend', code);
  const s = doc.createElement('script');
  s.type = 'module';
  s.crossOrigin = '';
  s.src = entry;
  doc.head.appendChild(s);
}

/** CODE_WAIT_MS bounds how long the code waits for a copy's pictures on a very slow network. */
export const CODE_WAIT_MS = 2000;

/**
 * PAINT_FRAMES is how many frames after the pictures are decoded count as
 * painted when the browser reports no paint of them (they are not the largest).
 */
export const PAINT_FRAMES = 6;

/**
 * painted runs f once, a task after the browser has painted the pictures,
 * which have just loaded (or failed). "Painted" is the browser's own word
 * for it: a largest-contentful-paint entry for one of them (the entry comes
 * once the frame is on screen). When they are not the largest paint no
 * such entry comes, and PAINT_FRAMES frames after they are decoded
 * (img.decode, so a busy phone's slow decoding does not count as painting)
 * are taken as painted. Starting anything sooner (the code, the other
 * pictures) puts it before the largest paint, where a phone on a slow link
 * waits for it and Lighthouse's simulation counts it. Only the pictures'
 * own entries count: an entry for a text painted meanwhile says nothing
 * about them.
 */
export function painted(f: () => void, pictures: ArrayLike<HTMLImageElement>): void {
  let n = 0;
  let observer: PerformanceObserver | undefined;
  const done = () => {
    if (n < 0) return;
    n = -1;
    observer?.disconnect();
    setTimeout(f, 0);
  };
  const frame = () => {
    if (n < 0) return;
    if (++n < PAINT_FRAMES) requestAnimationFrame(frame);
    else done();
  };
  const decoded: Promise<unknown>[] = [];
  for (let k = 0; k < pictures.length; k++) {
    const img = pictures[k];
    decoded.push(typeof img.decode === 'function' ? img.decode().catch(() => undefined) : Promise.resolve());
  }
  void Promise.all(decoded).then(() => requestAnimationFrame(frame));
  try {
    observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null; url?: string })[]) {
        for (let j = 0; j < pictures.length; j++) {
          if (e.element === pictures[j] || (e.url && e.url === pictures[j].currentSrc)) {
            done();
            return;
          }
        }
      }
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {
    // no PerformanceObserver, or no such entry type: the frames decide
  }
}

/** storage is the browser's localStorage, or null where it is blocked. */
export function storage(win: Window): Storage | null {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}
