/**
 * A minimal structural view of the DOM nodes linkedom produces (the project compiles without the
 * DOM lib), plus the linkedom entry point used by the HTML, DOCX and Markdown parsers.
 */
import { parseHTML } from 'linkedom';

export interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  parentNode: DomNode | null;
}

export interface DomElement extends DomNode {
  localName: string;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
}

export interface DomDocument {
  title: string;
  body: DomElement | null;
  documentElement: DomElement | null;
  querySelector(selector: string): DomElement | null;
}

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;

/** Narrows a node to an element (nodeType 1). */
export function isElement(node: DomNode): node is DomElement {
  return node.nodeType === ELEMENT_NODE;
}

/**
 * Parses an HTML string into a document that always has a <body>: linkedom does not invent
 * <html>/<body> for fragments (e.g. a bare "<div>…"), so fragments are wrapped first.
 */
export function parseHtmlDocument(html: string): DomDocument {
  const doc = parseHTML(html).document as unknown as DomDocument;
  // linkedom's body getter throws when the text has no element at all: test the root first.
  if (doc.documentElement?.localName === 'html' && doc.body) return doc;
  return parseHTML(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`)
    .document as unknown as DomDocument;
}
