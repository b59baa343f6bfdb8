/**
 * mediaUrl applies the spec's image path rule: a path starting with http is
 * used as is, an absolute path (such as the uploaded `/media/<name>`) as is,
 * and anything else (such as the default logo `static/images/default-logo.png`)
 * is made absolute with a leading '/'. Empty paths give ''.
 */
export function mediaUrl(path: string | null | undefined): string {
  const p = (path ?? '').trim();
  if (!p) return '';
  if (/^https?:\/\//i.test(p) || p.startsWith('/') || p.startsWith('data:') || p.startsWith('blob:')) return p;
  return `/${p}`;
}
