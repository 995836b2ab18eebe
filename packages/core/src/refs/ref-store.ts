/** Where a ref points: enough to fetch it again, with the current caller's credentials. */
export interface RefTarget {
  area: string;
  collectionId: string;
  documentId: string;
  /** The backend's section index, as a string; absent for a whole document. */
  section?: string;
}

/** What every store call may be given: it aborts when the call has no more time for the store. */
export interface RefStoreCallOptions {
  signal?: AbortSignal | undefined;
}

/**
 * Maps refs to targets. The default is an in-memory LRU; deployments that run more than one
 * process share one (see `RedisRefStore`), so a ref issued by one process resolves in another.
 *
 * A ref must never point at another document while anyone may still hold it. The stores here
 * keep three rules, and a store of your own should too:
 * - a key, once written, is never overwritten while it lives (`setIfAbsent`, never `set`);
 * - issuing (`setIfAbsent` by its holder) or reading (`get`) a ref refreshes its lifetime;
 * - a ref's slug (`<area>/<slug>`, see `slugRefOf`) is bound to its document too, refreshed with
 *   every ref under it and kept longer than they are, so the slug outlives all of them and a
 *   different document can take it only long after the last of its refs was issued or read.
 */
export interface RefStore {
  /** The target, refreshing the ref's lifetime (and its slug's); undefined when unknown or expired. */
  get(ref: string, options?: RefStoreCallOptions): Promise<RefTarget | undefined>;
  /**
   * Stores `target` under `ref` unless `ref`, or its slug, is held by another target, and
   * returns the holder either way; refreshes both lifetimes when `target` holds them. With it,
   * two processes minting the same slug at once cannot both win.
   */
  setIfAbsent?(ref: string, target: RefTarget, options?: RefStoreCallOptions): Promise<RefTarget>;
  /**
   * A plain write, for a store without `setIfAbsent` (the minter then reads before it writes:
   * enough for one process, as the CLI's file store is).
   */
  set?(ref: string, target: RefTarget, options?: RefStoreCallOptions): Promise<void>;
}

/** Same document (area, collection and document id), whatever the section. */
export function sameDocument(left: RefTarget, right: RefTarget): boolean {
  return (
    left.area === right.area &&
    left.collectionId === right.collectionId &&
    left.documentId === right.documentId
  );
}

/** Same document and section. */
export function sameTarget(left: RefTarget, right: RefTarget): boolean {
  return sameDocument(left, right) && left.section === right.section;
}
