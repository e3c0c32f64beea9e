// An embed's words for the playground's controls. The page's sentences name its controls where
// they stand ("raise the search budget (Options)", "but Options → Model asks for 'hopper'"); an
// embed has none of them, only its "Open in playground" link, so in an embed those sentences
// point to the full playground, and the model an embedder chose is the example's.
const REWORDS: Array<[RegExp, string]> = [
  [/\bpicked under Options → \w+/g, 'picked for this example'],
  [/\(Options(?: → [^)]*)?\)/g, '(in the full playground)'],
  [/\b(?:in|under) Options(?: → [\w …]+\w)?/g, 'in the full playground'],
  [/\bOptions → (\w+)/g, 'the $1 chosen for this example'],
];

export function embedWords(text: string): string {
  if (!text.includes('Options')) return text;
  let out = text;
  for (const [re, words] of REWORDS) out = out.replace(re, (...m) => words.replace('$1', String(m[1] ?? '').toLowerCase()));
  return out;
}

const ATTRIBUTES = ['title', 'aria-label'];

function reword(node: Node): void {
  if (node.nodeType === Node.TEXT_NODE) {
    const words = embedWords(node.textContent ?? '');
    if (words !== node.textContent) node.textContent = words;
    return;
  }
  if (!(node instanceof Element)) return;
  for (const e of [node, ...node.querySelectorAll('*')]) {
    for (const a of ATTRIBUTES) {
      const v = e.getAttribute(a);
      if (v && embedWords(v) !== v) e.setAttribute(a, embedWords(v));
    }
  }
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) reword(t);
}

// Keeps the words of everything `root` shows, now and as panes draw, in the embed's terms.
export function keepEmbedWords(root: HTMLElement): void {
  reword(root);
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'childList') r.addedNodes.forEach(reword);
      else reword(r.target);
    }
  }).observe(root, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ATTRIBUTES });
}
