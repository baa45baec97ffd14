/**
 * Puts `html` into `container` by changing only what differs from what it holds: a step's
 * board has the same squares and most of the same pieces as the board before it, and
 * replacing the whole drawing made the browser paint it whole. Elements whose tag matches are
 * kept (their attributes updated, their children compared in order); the others replaced.
 */
export function patchMarkup(container: Element, html: string): void {
  const template = document.createElement('template');
  template.innerHTML = html;
  const next = template.content;
  if (container.childNodes.length !== next.childNodes.length) {
    container.replaceChildren(next);
    return;
  }
  patchChildren(container, next);
}

function patchChildren(current: ParentNode & Node, next: ParentNode & Node): void {
  const before = [...current.childNodes];
  const after = [...next.childNodes];
  if (before.length !== after.length) {
    current.replaceChildren(...after);
    return;
  }
  after.forEach((node, i) => {
    const old = before[i];
    if (!old || old.isEqualNode(node)) return;
    if (old.nodeType === Node.TEXT_NODE && node.nodeType === Node.TEXT_NODE) {
      old.nodeValue = node.nodeValue;
      return;
    }
    if (old instanceof Element && node instanceof Element && old.tagName === node.tagName) {
      for (const { name, value } of [...node.attributes])
        if (old.getAttribute(name) !== value) old.setAttribute(name, value);
      for (const { name } of [...old.attributes]) if (!node.hasAttribute(name)) old.removeAttribute(name);
      patchChildren(old, node);
      return;
    }
    old.replaceWith(node);
  });
}
