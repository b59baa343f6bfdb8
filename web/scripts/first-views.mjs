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
import { mkdirSync, writeFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';

const { renderMenu: render, ID_NUMBER } = await import(new URL('../dist-ssr/render.js', import.meta.url).href);
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
mkdirSync(new URL('../dist/.vite/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('../dist/.vite/first-views.json', import.meta.url),
  JSON.stringify({ menu: { pages, cards, firstRow: CARDS - 1 } }, null, 1),
);
console.log(`first-views: ${Object.keys(pages).length} menu pages, ${Object.keys(cards).length} cards`);
