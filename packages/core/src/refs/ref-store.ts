/** Where a ref points: enough to fetch it again, with the current caller's credentials. */
export interface RefTarget {
  area: string;
  collectionId: string;
  documentId: string;
  /** The backend's section index, as a string; absent for a whole document. */
  section?: string;
}

/**
 * Maps refs to targets. The default is an in-memory LRU; deployments that run more than one
 * process share one (see `RedisRefStore`), so a ref issued by one process resolves in another.
 */
export interface RefStore {
  get(ref: string): Promise<RefTarget | undefined>;
  set(ref: string, target: RefTarget): Promise<void>;
  /**
   * Optional: stores `target` unless `ref` is taken, and returns the holder either way. With it,
   * two processes minting the same slug at once cannot both win.
   */
  setIfAbsent?(ref: string, target: RefTarget): Promise<RefTarget>;
}
