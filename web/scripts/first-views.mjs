// Renders the diner menu's first view from the app's own components (built
// by `vite build --ssr src/first-view/render.tsx` into dist-ssr/) and writes
// the templates the Go server fills (internal/web/firstview.go) to
// dist/.vite/first-views.json (.vite/ is never served).
//
// A template is the components' markup with slots `cartaslot<name>`: the
// page around the category list (one per combination of logo, name and
// background present), and one category card per position (the first row's
// pictures load eagerly, the others lazily) and picture (present or not).
// The list and its cards are found in the markup by the slots of the first
// two cards; the build fails when the markup no longer has that shape.
//
// With them it writes what else the server must not know by heart
// (src/first-view/manifest.ts): the browser-storage keys the first views'
// scripts read, and per public page its route's modules and the URL
// templates of its first API reads; and the inline scripts themselves,
// bundled here from src/first-view/scripts/*.entry.ts (TypeScript that
// imports the app's own keys and rules) into one minified IIFE each, whose
// one slot `cartaslotargs` the server fills with a JSON object. The
// server allows them by their hash (internal/web/csp.go).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { build } from 'vite';

const { renderMenu: render, ID_NUMBER, firstViewManifest, CLIENTE_SLOT } = await import(
  new URL('../dist-ssr/render.js', import.meta.url).href
);
/** The rendered view, its restaurant id (digits, as the shell wants it) turned into the slot. */
const renderMenu = (v) => render(v).replaceAll(ID_NUMBER, 'cartaslotcliente');

const CARDS = 4; // positions 0.. rendered; the last one's card serves every later position
const fail = (msg) => {
  console.error(`first-views: ${msg}`);
  process.exit(1);
};

/** Parses a rendered view; returns the document and the category list element. */
function parse(html) {
  const { document } = new JSDOM(`<!doctype html><body>${html}</body>`).window;
  const holder = (i) => {
    const walker = document.createTreeWalker(document.body, 4 /* text */);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.data.includes(`cartaslotitem${i}name`)) return n.parentElement;
    }
    return fail(`category ${i}'s name is not in the markup`);
  };
  const a = holder(0);
  const b = holder(1);
  let list = a;
  while (list && !list.contains(b)) list = list.parentElement;
  if (!list || list.children.length !== CARDS) fail('the categories are not the children of one list');
  return { document, list };
}

/**
 * The slots as the server fills them: a URL slot is the whole URL (the
 * render gave '/slot' so that mediaUrl keeps it as it is), and the shell's
 * and the cards' style attributes are one slot each (the server computes
 * them, see shellStyle and cardStyle in internal/web/firstview.go). React's preload hints for the first row's
 * pictures go: the server adds its own in the head. So do test ids.
 */
function slots(root) {
  for (const el of [root, ...root.querySelectorAll('.diner-shell')]) {
    if (el.classList?.contains('diner-shell')) el.setAttribute('style', 'cartaslotshellstyle');
  }
  for (const el of root.querySelectorAll('[style*="cartaslotcardcolor"]')) el.setAttribute('style', 'cartaslotcardstyle');
  for (const el of root.querySelectorAll('link[rel="preload"]')) el.remove();
  // Test ids and the router's marks belong to the app's own elements.
  for (const attr of ['data-testid', 'data-discover']) {
    for (const el of [root, ...root.querySelectorAll(`[${attr}]`)]) el.removeAttribute?.(attr);
  }
  const html = root === root.ownerDocument.body ? root.innerHTML : root.outerHTML;
  if (html.includes('cartaslotcardcolor')) fail('the card colour is used outside a card style');
  return html.replace(/\/(cartaslot(?:logo|bg|item\d*img))\b/g, '$1');
}

/** A card's markup with the position-independent slot names. */
const card = (el, i) => slots(el).replaceAll(`cartaslotitem${i}`, 'cartaslotitem');

const flags = [false, true];
const pages = {};
for (const logo of flags)
  for (const name of flags)
    for (const background of flags) {
      const { document, list } = parse(renderMenu({ logo, name, background, images: Array(CARDS).fill(true) }));
      list.replaceChildren(document.createTextNode('cartaslotitems'));
      pages[`${+logo}${+name}${+background}`] = slots(document.body);
    }

const cards = {};
for (const img of flags) {
  const { list } = parse(renderMenu({ logo: true, name: true, background: true, images: Array(CARDS).fill(img) }));
  const items = [...list.children].map(card);
  if (items[CARDS - 1] !== items[CARDS - 2]) fail('the cards after the first row differ by position');
  items.slice(0, CARDS - 1).forEach((html, i) => (cards[`${i}${+img}`] = html));
}

for (const [key, html] of Object.entries({ ...pages, ...cards })) {
  if (/<script/i.test(html)) fail(`template ${key} has a script`);
}
/**
 * The inline scripts: name → entry module. Each is bundled on its own
 * (nothing shared at run time), minified, as an IIFE for a classic inline
 * <script>; an entry that takes arguments reads the free variable
 * `cartaslotargs`, which the server replaces with a JSON object.
 */
const SCRIPTS = {
  firstView: { entry: 'first-view.entry.ts', args: true },
  firstViewUnderPromotion: { entry: 'under-promotion.entry.ts', args: false },
  promotion: { entry: 'promotion.entry.ts', args: true },
};
const scripts = {};
for (const [name, { entry, args }] of Object.entries(SCRIPTS)) {
  const out = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      target: 'es2019',
      lib: { entry: fileURLToPath(new URL(`../src/first-view/scripts/${entry}`, import.meta.url)), formats: ['iife'], name: 'cartaFirstView' },
    },
  });
  const chunks = (Array.isArray(out) ? out : [out]).flatMap((o) => o.output).filter((o) => o.type === 'chunk');
  if (chunks.length !== 1) fail(`script ${name}: ${chunks.length} chunks`);
  const code = chunks[0].code.trim();
  const slotsIn = code.split('cartaslotargs').length - 1;
  if (slotsIn !== (args ? 1 : 0)) fail(`script ${name} has ${slotsIn} argument slots`);
  // Inside <script>…</script> nothing may close the element or open a comment.
  if (/<\/script|<!--|<script/i.test(code)) fail(`script ${name} has markup an HTML parser would read`);
  if (/cartaslot(?!args)/.test(code)) fail(`script ${name} has another slot`);
  scripts[name] = code;
}

// A page's modules are looked up in Vite's manifest; a module of a named
// chunk group (MenuPage.tsx is in vite.config.ts's 'menu' chunk, which
// index.html preloads) is not a key there, but each page has one that is
// (a renamed route would otherwise lose its preloads unnoticed).
const viteManifest = JSON.parse(readFileSync(new URL('../dist/.vite/manifest.json', import.meta.url), 'utf8'));
for (const [page, { modules, reads }] of Object.entries(firstViewManifest.pages)) {
  if (!modules.some((m) => viteManifest[m])) fail(`page ${page}: none of ${modules.join(', ')} is in Vite's manifest`);
  for (const r of reads) if (!r.startsWith('/api/') || !r.includes(CLIENTE_SLOT)) fail(`page ${page}: read ${r}`);
}

mkdirSync(new URL('../dist/.vite/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('../dist/.vite/first-views.json', import.meta.url),
  JSON.stringify(
    {
      menu: { pages, cards, firstRow: CARDS - 1 },
      scripts,
      storageKeys: firstViewManifest.storageKeys,
      pages: firstViewManifest.pages,
    },
    null,
    1,
  ),
);
console.log(
  `first-views: ${Object.keys(pages).length} menu pages, ${Object.keys(cards).length} cards, ` +
    Object.entries(scripts)
      .map(([name, code]) => `${name} ${code.length} B`)
      .join(', '),
);
