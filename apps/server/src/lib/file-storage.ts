// Where uploaded bytes are kept, as the rest of the server sees it: an interface, so db/ (the demo
// seed) and every module can take a storage without depending on the files module that implements it.
export interface FileStorage {
  /** Stores the bytes under a new generated name with the given extension and returns the name. */
  save(bytes: Buffer, ext: string): Promise<string>;
  read(name: string): Promise<Buffer | null>;
  remove(name: string): Promise<void>;
}
