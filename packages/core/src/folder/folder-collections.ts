import { readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { slugify } from "../refs/slugify.js";
import {
  type CollectionFolder,
  type FolderOptions,
  resolveFolderOptions,
} from "./folder-options.js";
import { docKind } from "./walk-folder.js";

/** The collection id of the files directly in the root (not in any folder), by default. */
export const rootFilesCollection = ".";

/**
 * Which folder a collection id names, or undefined when it names none. With `collections` in the
 * options, only those ids exist; by default every top-level folder is a collection of itself and
 * everything below it, and "." is the files directly at the root.
 */
export function collectionFolder(
  root: string,
  collections: ReadonlyMap<string, CollectionFolder> | undefined,
  collectionId: string,
): CollectionFolder | undefined {
  if (collections !== undefined) return collections.get(collectionId);
  if (collectionId === rootFilesCollection) return { folder: "", recursive: false };
  if (
    collectionId === "" ||
    collectionId === ".." ||
    collectionId.startsWith(".") ||
    collectionId === "node_modules" ||
    /[/\\\0]/.test(collectionId)
  ) {
    return undefined;
  }
  try {
    return statSync(join(root, collectionId)).isDirectory()
      ? { folder: collectionId, recursive: true }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Area names for `createDocsSearch({ areas })`: each collection under a name a ref can carry
 * (kebab-case). By default, one area per top-level folder, named after it, and — when files sit
 * directly at the root — one more for them, named after the root folder (or "root").
 */
export function folderAreas(options: FolderOptions): Record<string, string[]> {
  const { root, collections } = resolveFolderOptions(options);
  const areas: Record<string, string[]> = {};
  const add = (name: string, collectionId: string) => {
    const area = slugify(name) || "docs";
    areas[area] = [...(areas[area] ?? []), collectionId];
  };
  if (collections !== undefined) {
    for (const id of collections.keys()) add(id, id);
    return areas;
  }
  const entries = readdirSync(root, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  let rootFiles = false;
  for (const entry of entries) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    if (entry.isDirectory()) add(entry.name, entry.name);
    else if (docKind(entry.name) !== undefined) rootFiles = true;
  }
  if (rootFiles) {
    const name = slugify(basename(root)) || "root";
    add(areas[name] === undefined ? name : `${name}-root`, rootFilesCollection);
  }
  return areas;
}
