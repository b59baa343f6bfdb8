import type { ParseKeys } from 'i18next';

/**
 * The i18n keys (checked by tsc against the Spanish texts, see
 * i18next.d.ts) under a section, without the section's prefix:
 * `KeysUnder<'staffNav'>` is `'panel' | 'orders' | …`. For code that names a
 * text by its last part (a nav section, a form field's hint) so the part is
 * checked too. Types only: nothing of this exists at runtime.
 */
export type KeysUnder<Section extends string> =
  ParseKeys extends infer K ? (K extends `${Section}.${infer Rest}` ? Rest : never) : never;
