import type { CollectionFolder } from "./folder-options.js";

/** A file's document id: its path below the collection's folder. */
export function relativeTo(collection: CollectionFolder, path: string): string {
  return collection.folder === "" ? path : path.slice(collection.folder.length + 1);
}

/** The index path of a document id in a collection, or undefined for an id no hit could carry. */
export function pathIn(collection: CollectionFolder, documentId: string): string | undefined {
  if (
    documentId === "" ||
    documentId.startsWith("/") ||
    /[\\\0]/.test(documentId) ||
    documentId.split("/").some((part) => part === "" || part === "." || part === "..") ||
    (!collection.recursive && documentId.includes("/"))
  ) {
    return undefined;
  }
  return collection.folder === "" ? documentId : `${collection.folder}/${documentId}`;
}

export function withoutExtension(path: string): string {
  const slash = path.lastIndexOf("/");
  const dot = path.lastIndexOf(".");
  return dot > slash + 1 ? path.slice(0, dot) : path;
}
