// What `htmlToText` needs of htmlparser2 and entities, as one module `loadMarkupParser` imports
// when markup first needs it: a bundler then keeps only these two of their exports.
export { decodeHTMLStrict } from "entities/decode";
export { Parser } from "htmlparser2";
