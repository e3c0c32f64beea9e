// Minimal DOM construction helpers (the playground has no framework).

type Attrs = Record<string, string | number | boolean | null | undefined | ((e: Event) => void)>;
type Child = Node | string | number | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

export function s<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el: Element, attrs: Attrs): void {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.replace(/^on/, ''), v);
    else if (k === 'class') el.setAttribute('class', String(v));
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

export function append(el: Element, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : String(c));
  }
}

export function clear(el: Element): void {
  el.replaceChildren();
}

// Marks every element carrying data-op=<id> inside root with `cls`, and clears the rest.
export function markOps(root: ParentNode, cls: string, ids: ReadonlySet<number>): void {
  for (const el of root.querySelectorAll(`.${cls}`)) {
    const id = Number((el as HTMLElement).dataset.op ?? (el as SVGElement).dataset?.op);
    if (!ids.has(id)) el.classList.remove(cls);
  }
  for (const id of ids) {
    for (const el of root.querySelectorAll(`[data-op="${id}"]`)) el.classList.add(cls);
  }
}
