import type { paths } from './schema';
import { API_PREFIX, apiFetch, apiFetchBlob, apiFetchResponse, type ApiRequestOptions } from '../lib/api-client';

/**
 * Typed calls over the server's OpenAPI document: the path is one of the
 * document's paths (`'/api/clientes/{cliente_id}/cupones'`), its `{name}`
 * parameters, query, request body and answer are the document's types, so a
 * path and its types cannot drift apart (a renamed path or field breaks
 * `tsc`). The call itself is lib/api-client's: the stored staff token, the
 * UI language, ApiError/NetworkError. Type-only apart from two small
 * functions, so it costs the bundle next to nothing.
 *
 *   import * as api from '../../../api/client';
 *   api.get('/api/clientes/{cliente_id}/resumen', { path: { cliente_id: clienteId }, signal })
 *   api.put('/api/cupones/{id}/estado', { path: { id }, body: { estado, cliente_id } })
 */

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The document's paths that answer `method`. */
export type PathOf<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends undefined ? never : P;
}[keyof paths];

type Op<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type Parameters_<O> = O extends { parameters: infer X } ? X : never;

/** A URL parameter: numbers may be given as the string the route gave the page. */
type Loose<T> = { [K in keyof T]: T[K] extends number ? number | string : T[K] extends number | undefined ? number | string | undefined : T[K] };

/** `path` is required exactly when the path has `{name}` parameters. */
type PathArg<O> =
  Parameters_<O> extends { path: infer X } ? ([X] extends [never] ? { path?: never } : { path: Loose<X> }) : { path?: never };

/** `query` is required when one of its parameters is; absent when there are none. */
type QueryArg<O> =
  Parameters_<O> extends { query: infer X }
    ? [X] extends [never]
      ? { query?: never }
      : { query: Loose<X> }
    : Parameters_<O> extends { query?: infer X }
      ? [NonNullable<X>] extends [never]
        ? { query?: never }
        : { query?: Loose<NonNullable<X>> }
      : { query?: never };

type Content<R> = R extends { content: infer C } ? C : never;
/** The JSON body (or FormData for a multipart upload) the operation takes. */
type BodyOf<O> = O extends { requestBody?: infer R }
  ? Content<NonNullable<R>> extends infer C
    ? (C extends { 'application/json': infer J } ? J : never) | (C extends { 'multipart/form-data': unknown } ? FormData : never)
    : never
  : never;
type BodyArg<O> = [BodyOf<O>] extends [never]
  ? { body?: never }
  : O extends { requestBody: unknown }
    ? { body: BodyOf<O> }
    : { body?: BodyOf<O> };

type Success = 200 | 201 | 202 | 204;
type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : undefined;
/** What a successful call answers: the JSON of its 2xx responses (undefined for 204). */
export type Answer<P extends keyof paths, M extends Method> = Op<P, M> extends { responses: infer Rs }
  ? { [S in Success & keyof Rs]: JsonOf<Rs[S]> }[Success & keyof Rs]
  : never;

export type CallOptions<P extends keyof paths, M extends Method> = PathArg<Op<P, M>> &
  QueryArg<Op<P, M>> &
  BodyArg<Op<P, M>> &
  Pick<ApiRequestOptions, 'token' | 'signal' | 'headers'>;

/** `{} extends T`: every field of the options is optional, so they may be left out. */
type Rest<P extends keyof paths, M extends Method> = object extends CallOptions<P, M>
  ? [options?: CallOptions<P, M>]
  : [options: CallOptions<P, M>];

type Value = string | number | boolean | null | undefined;
type LooseOptions = {
  path?: Record<string, Value>;
  query?: Record<string, Value>;
  body?: unknown;
} & Pick<ApiRequestOptions, 'token' | 'signal' | 'headers'>;

/**
 * url fills the path's `{name}` parameters (each encoded) and appends the
 * query's defined values in the order given, without the /api prefix that
 * lib/api-client adds. Kept small: the app's entry (the session check) uses it.
 */
export function url(template: string, path: Record<string, Value> = {}, query: Record<string, Value> = {}): string {
  const u = template.slice(API_PREFIX.length).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(path[name])));
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value != null) q.append(key, String(value));
  const s = q.toString();
  return s ? `${u}?${s}` : u;
}

function request(method: Method, template: string, { path, query, body, ...rest }: LooseOptions = {}): [string, ApiRequestOptions] {
  return [url(template, path, query), { ...rest, method: method.toUpperCase() as ApiRequestOptions['method'], body }];
}

// One function per HTTP method, each its own export so that a chunk carries
// only the ones it calls; call sites read `api.get(...)` through
// `import * as api from '../api/client'`.

export const get = <P extends PathOf<'get'>>(path: P, ...[options]: Rest<P, 'get'>): Promise<Answer<P, 'get'>> =>
  apiFetch(...request('get', path, options as LooseOptions));
export const post = <P extends PathOf<'post'>>(path: P, ...[options]: Rest<P, 'post'>): Promise<Answer<P, 'post'>> =>
  apiFetch(...request('post', path, options as LooseOptions));
export const put = <P extends PathOf<'put'>>(path: P, ...[options]: Rest<P, 'put'>): Promise<Answer<P, 'put'>> =>
  apiFetch(...request('put', path, options as LooseOptions));
export const patch = <P extends PathOf<'patch'>>(path: P, ...[options]: Rest<P, 'patch'>): Promise<Answer<P, 'patch'>> =>
  apiFetch(...request('patch', path, options as LooseOptions));
// `delete` is a reserved word: exported under its name through an alias.
const del = <P extends PathOf<'delete'>>(path: P, ...[options]: Rest<P, 'delete'>): Promise<Answer<P, 'delete'>> =>
  apiFetch(...request('delete', path, options as LooseOptions));
export { del as delete };

/** GET that also hands back the answer's headers (X-Total-Count of a paged list). */
export const getWithHeaders = <P extends PathOf<'get'>>(
  path: P,
  ...[options]: Rest<P, 'get'>
): Promise<{ body: Answer<P, 'get'>; headers: Headers }> => apiFetchResponse(...request('get', path, options as LooseOptions));

/** A file answer (a CSV export, a QR code) of a GET path. */
export const blob = <P extends PathOf<'get'>>(path: P, ...[options]: Rest<P, 'get'>): Promise<Blob> =>
  apiFetchBlob(...request('get', path, options));
